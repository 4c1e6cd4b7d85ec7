import pino from "pino";
import { getEnv } from "~/env.server";

// One logger for web and workers: JSON lines, one per event.
export const logger = pino({
  level: getEnv().LOG_LEVEL,
  base: { service: process.env.ASIIKO_SERVICE ?? "web" },
  redact: {
    paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password", "*.passwordHash"],
    censor: "[redacted]",
  },
});
