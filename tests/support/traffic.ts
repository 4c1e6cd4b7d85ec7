import { randomBytes } from "node:crypto";
import { request as httpRequest, Agent } from "node:http";

// Traffic for the fault drills: a few readers and writers sending requests in a loop while a
// service goes away and comes back, each answer kept with when it was asked and answered.

export interface Sent {
  kind: string;
  /** 0 when no whole answer came (refused, cut, timed out). */
  status: number;
  /** When the connection was made (null: never). */
  connectedAt: number | null;
  code: string | null;
  startedAt: number;
  endedAt: number;
  /** What the request was about (a listing's title, say), to check against the database after. */
  tag?: string;
}

export interface TrafficKind {
  kind: string;
  method: string;
  path: string;
  cookie?: string;
  /** A JSON body; `tag` makes each one unique. */
  body?: (tag: string) => unknown;
  /** Each request from an address of its own (X-Forwarded-For, which the tests' server trusts from loopback). */
  spoofAddress?: boolean;
}

/** One request over node:http with its own connection, so a cut connection spoils only itself. */
export function sendOnce(
  baseUrl: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
) {
  const url = new URL(baseUrl);
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  if (payload) {
    headers["Content-Type"] = "application/json";
    headers["Content-Length"] = String(payload.length);
  }
  let connectedAt: number | null = null;
  return new Promise<{
    status: number;
    text: string;
    headers: Record<string, string | string[] | undefined>;
    connectedAt: number | null;
  }>((resolve) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers,
        agent: new Agent({ keepAlive: false }),
        timeout: options.timeoutMs ?? 30_000,
      },
      (incoming) => {
        let text = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (text += chunk));
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, text, headers: incoming.headers, connectedAt }),
        );
        // Cut in the middle of the answer: not an answer.
        incoming.on("aborted", () => resolve({ status: 0, text, headers: incoming.headers, connectedAt }));
        incoming.on("error", () => resolve({ status: 0, text, headers: incoming.headers, connectedAt }));
      },
    );
    outgoing.on("socket", (socket) => socket.once("connect", () => (connectedAt = Date.now())));
    // No answer at all (a refused or cut connection, a time-out) is status 0.
    outgoing.on("timeout", () => outgoing.destroy(new Error("timed out")));
    outgoing.on("error", () => resolve({ status: 0, text: "", headers: {}, connectedAt }));
    outgoing.end(payload);
  });
}

const codeOf = (text: string) => {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === "string" ? parsed.error.code : null;
  } catch {
    return null;
  }
};

/**
 * Runs `users` loops, each sending the kinds in turn, until `stop()` is called; resolves with
 * every answer once the last loop has its answer.
 */
export function runTraffic(baseUrl: string, kinds: TrafficKind[], users: number) {
  const sent: Sent[] = [];
  let running = true;
  let counter = 0;
  const loops = Array.from({ length: users }, async (_, user) => {
    for (let turn = user; running; turn += 1) {
      const kind = kinds[turn % kinds.length]!;
      counter += 1;
      const tag = randomBytes(4).toString("hex");
      const startedAt = Date.now();
      const headers: Record<string, string> = kind.spoofAddress
        ? { "X-Forwarded-For": `10.${counter % 250}.${user}.${(counter >> 8) % 250}` }
        : {};
      const answer = await sendOnce(baseUrl, kind.method, kind.path, {
        cookie: kind.cookie,
        body: kind.body?.(tag),
        headers,
      });
      sent.push({
        kind: kind.kind,
        status: answer.status,
        connectedAt: answer.connectedAt,
        code: codeOf(answer.text),
        startedAt,
        endedAt: Date.now(),
        tag: kind.body ? tag : undefined,
      });
      // Not a tight loop: a failing service answers fast, and the drill is about phones, not a flood.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    sent,
    async stop() {
      running = false;
      await Promise.all(loops);
      return sent;
    },
  };
}

/** Waits until `check` holds (polling), or throws after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
}
