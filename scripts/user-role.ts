// npm run user:role -- <username> admin|user
// Makes an existing account an administrator (or a plain user again).
import { setUserRole } from "~/modules/auth/users.server";
import { runTask } from "~/server/process.server";

const [username, role] = process.argv.slice(2);
if (!username || (role !== "admin" && role !== "user")) {
  console.error("usage: npm run user:role -- <username> admin|user");
  process.exit(2);
}
await runTask("user:role", async () => {
  const updated = await setUserRole(username, role === "admin" ? "ADMIN" : "USER");
  if (!updated) {
    console.error(`no account with the username '${username}'`);
    process.exitCode = 1;
  } else {
    console.log(`${updated.username} is now ${updated.role === "ADMIN" ? "an administrator" : "a user"}`);
  }
});
