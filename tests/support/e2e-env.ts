// What the browser tests and their server agree on.
const base = new URL(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/asiiko");
base.pathname = "/asiiko_e2e";
export const E2E_DATABASE_URL = base.toString();
export const E2E_QUEUE_PREFIX = "asiiko-e2e";
export const E2E_SESSION_SECRET = "e2e-session-secret";
