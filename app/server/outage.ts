// Whether an error means a service we depend on (PostgreSQL, Redis, the photo
// bucket) is out of reach for the moment, rather than a fault in our code: the
// request is then answered 503 SYS_SERVICE_DEGRADED with Retry-After, and the
// same request succeeds once the service is back, without a restart.

/** Network failures: the service is not there, or went away mid-request. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNABORTED",
]);

/** PostgreSQL's own: shutting down, starting up, out of connections, connection failures (class 08). */
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006"]);

/** Prisma's: cannot reach, timed out, connection closed, pool timed out. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

/** Messages of the drivers for a connection that is gone (node-postgres, ioredis). */
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection is closed/i,
  /stream isn't writeable/i,
  /reached the max retries per request/i,
  /can't reach database server/i,
  /server has closed the connection/i,
  /the database system is (?:starting up|shutting down)/i,
  /terminating connection due to administrator command/i,
];

type Inspectable = {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
  kind?: unknown;
};

function signals(error: Inspectable) {
  const code = typeof error.code === "string" ? error.code : undefined;
  if (code && (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || PRISMA_CODES.has(code))) return true;
  const name = typeof error.name === "string" ? error.name : "";
  if (name === "PrismaClientInitializationError" || name === "MaxRetriesPerRequestError") return true;
  // Prisma's driver adapters name what went wrong.
  if (error.kind === "DatabaseNotReachable" || error.kind === "ConnectionClosed" || error.kind === "SocketTimeout")
    return true;
  // The AWS SDK: an S3 server that answered 5xx (or said to slow down).
  const status = error.$metadata?.httpStatusCode;
  if (typeof status === "number" && (status >= 500 || status === 429)) return true;
  if (name === "TimeoutError" && error.$metadata) return true;
  const message = typeof error.message === "string" ? error.message : "";
  return MESSAGES.some((pattern) => pattern.test(message));
}

/** True when the error (or one it was caused by) says a service is out of reach. */
export function isServiceOutage(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || typeof current !== "object" || seen.has(current) || seen.size > 20) continue;
    seen.add(current);
    const inspectable = current as Inspectable;
    if (signals(inspectable)) return true;
    queue.push(inspectable.cause);
    if (Array.isArray(inspectable.errors)) queue.push(...inspectable.errors);
  }
  return false;
}
