// npm start and npm run dev check the configuration before they start a service or build (the
// production build takes minutes): the product's own parser, on .env and the environment as the
// processes will read them. A mistake stops here with one line saying what is wrong and its fix.
// Usage: node --import tsx scripts/check-env.ts <production|development> [folder holding .env]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv as readDotEnv } from "node:util";
import { parseEnv } from "~/env.server";

const [mode = "production", folder = "."] = process.argv.slice(2);
const file = path.join(folder, ".env");
const fromFile = existsSync(file) ? readDotEnv(readFileSync(file, "utf8")) : {};
try {
  // As the processes read it: a variable set in the environment wins over .env, and the command sets NODE_ENV.
  parseEnv({ ...fromFile, ...process.env, NODE_ENV: mode });
} catch (error) {
  const shown = path.relative(process.cwd(), file);
  console.error(`[env] ${shown.startsWith("..") ? path.resolve(file) : shown}: ${(error as Error).message}`);
  process.exit(1);
}
