// What the browser tests and their server agree on. Each run picks its own
// port (playwright.config.ts), and its database and queue prefix follow it,
// so two runs on one machine never share state.
const port = process.env.E2E_PORT ?? "3100";
const base = new URL(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/asiiko");
base.pathname = `/asiiko_e2e_${port}`;
export const E2E_DATABASE_URL = base.toString();
export const E2E_QUEUE_PREFIX = `asiiko-e2e-${port}`;
export const E2E_SESSION_SECRET = "e2e-session-secret";
