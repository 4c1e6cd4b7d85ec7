// npm run user:create -- [--admin] <username> [--first-name <name>] [--last-name <name>] [--email <address>]
// Makes an account with a generated strong password, printed once: with --admin, the first
// administrator of a real deployment (where there are no demo accounts); without it, an ordinary one.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { publicOrigin } from "~/env.server";
import { createAccount } from "~/modules/auth/users.server";
import { translateRefusal } from "~/server/i18n.server";
import { runTask } from "~/server/process.server";
import { Refusal } from "~/server/refusal";

const USAGE =
  "usage: npm run user:create -- [--admin] <username> [--first-name <name>] [--last-name <name>] [--email <address>]";

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      admin: { type: "boolean", default: false },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      email: { type: "string" },
    },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const [username, ...extra] = positionals;
if (!username || extra.length) {
  console.error(USAGE);
  process.exit(2);
}

// 24 characters from 144 random bits: typed once, then changed on Profile.
const password = randomBytes(18).toString("base64url");
const role = values.admin ? "ADMIN" : "USER";

await runTask("user:create", async () => {
  try {
    const user = await createAccount(
      {
        username,
        password,
        // Names are shown to other users; the account's owner can change them on Profile.
        firstName: values["first-name"] ?? username,
        lastName: values["last-name"] ?? (values.admin ? "Administrator" : "Asiiko"),
        email: values.email ?? "",
      },
      role,
    );
    console.log(`Created ${user.role === "ADMIN" ? "the administrator" : "the account"} '${user.username}'.`);
    console.log(`  Password: ${password}`);
    console.log(`This password is shown once only: sign in at ${publicOrigin()}/auth, then change it on Profile.`);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    if (error.code === "AUTH_USERNAME_EXISTS") {
      console.error(
        `[user:create] the username '${username}' is taken: choose another, or make that account an administrator with npm run user:role -- ${username} admin`,
      );
    } else {
      const { message, fields } = await translateRefusal("en", error);
      const details = Object.entries(fields ?? {}).map(([field, messages]) => `${field}: ${messages.join(", ")}`);
      console.error(`[user:create] ${details.length ? details.join("; ") : message}`);
    }
    process.exitCode = 1;
  }
});
