// Local HTTP servers speaking the AI providers' APIs for the calls Asiiko AI
// makes (OpenAI chat completions, Anthropic messages, Gemini generateContent),
// so tests run the official SDKs for real against them. Each records every
// request (headers, parsed JSON body, the photos and text it carried) and
// answers from a script the test sets: the model's text, an HTTP error in the
// provider's own error shape, or a late answer.
import { randomBytes } from "node:crypto";
import http from "node:http";

export type FakeAiProviderName = "openai" | "anthropic" | "gemini";

/** One scripted answer. */
export type FakeAiAnswer =
  /** The model answers this text (JSON or not: the fake does not check). */
  | { kind: "text"; text: string }
  /**
   * An HTTP error in the provider's shape: `retryAfter` becomes the Retry-After
   * header; `type` and `code` override the body's (OpenAI's error type and code,
   * Anthropic's error type, Gemini's status); `retryDelay` adds Gemini's
   * RetryInfo ("30s").
   */
  | {
      kind: "error";
      status: number;
      message?: string;
      retryAfter?: string;
      type?: string;
      code?: string;
      retryDelay?: string;
    }
  /** The answer `then`, sent only after `ms` milliseconds (dropped if the client goes away first). */
  | { kind: "late"; ms: number; then: FakeAiAnswer };

/** The model's answer: this value as JSON text. */
export const jsonAnswer = (value: unknown): FakeAiAnswer => ({ kind: "text", text: JSON.stringify(value) });
export const textAnswer = (text: string): FakeAiAnswer => ({ kind: "text", text });
export const errorAnswer = (
  status: number,
  options: Omit<Extract<FakeAiAnswer, { kind: "error" }>, "kind" | "status"> = {},
): FakeAiAnswer => ({
  kind: "error",
  status,
  ...options,
});
export const lateAnswer = (ms: number, then: FakeAiAnswer): FakeAiAnswer => ({ kind: "late", ms, then });

/** A photo a request carried. */
export interface SentImage {
  mimeType: string;
  base64: string;
}

export interface RecordedAiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: unknown;
  /** The model named in the body (OpenAI, Anthropic) or the path (Gemini). */
  model: string | undefined;
  /** The photos in the request, in order. */
  images: SentImage[];
  /** Every text of the request (system or instructions, then the messages), joined by newlines. */
  text: string;
  /** What the fake answered (0 when the client went away before it did). */
  status: number;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const stringOf = (value: unknown) => (typeof value === "string" ? value : undefined);

interface Protocol {
  /** The model, when the path is this provider's generation call; undefined for any other path. */
  route(method: string, path: string, body: unknown): { model: string | undefined } | undefined;
  images(body: unknown): SentImage[];
  texts(body: unknown): string[];
  success(text: string, model: string | undefined): Json;
  error(answer: Extract<FakeAiAnswer, { kind: "error" }>): { body: Json; headers?: Record<string, string> };
  /** The key the request carried, as the provider expects it. */
  key(headers: Record<string, string>, query: Record<string, string>): string | undefined;
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

const openAi: Protocol = {
  route: (method, path, body) =>
    method === "POST" && path === "/v1/chat/completions"
      ? { model: isRecord(body) ? stringOf(body.model) : undefined }
      : undefined,
  images(body) {
    if (!isRecord(body)) return [];
    return records(body.messages).flatMap((message) =>
      records(message.content).flatMap((part) => {
        const url = isRecord(part.image_url) ? stringOf(part.image_url.url) : undefined;
        const match = url ? DATA_URL.exec(url) : null;
        return match ? [{ mimeType: match[1]!, base64: match[2]! }] : [];
      }),
    );
  },
  texts(body) {
    if (!isRecord(body)) return [];
    return records(body.messages).flatMap((message) =>
      typeof message.content === "string"
        ? [message.content]
        : records(message.content).flatMap((part) => (typeof part.text === "string" ? [part.text] : [])),
    );
  },
  success: (text, model) => ({
    id: `chatcmpl-${randomBytes(12).toString("hex")}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: model ?? "unknown",
    choices: [
      { index: 0, message: { role: "assistant", content: text, refusal: null }, logprobs: null, finish_reason: "stop" },
    ],
    usage: { prompt_tokens: 900, completion_tokens: 200, total_tokens: 1100 },
  }),
  error(answer) {
    const type =
      answer.type ??
      (answer.status === 429 ? "requests" : answer.status >= 500 ? "server_error" : "invalid_request_error");
    const code =
      answer.code ?? (answer.status === 429 ? "rate_limit_exceeded" : answer.status === 401 ? "invalid_api_key" : null);
    return {
      body: {
        error: { message: answer.message ?? `The fake OpenAI API answered ${answer.status}.`, type, param: null, code },
      },
    };
  },
  key: (headers) => /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1],
};

const ANTHROPIC_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

const anthropic: Protocol = {
  route: (method, path, body) =>
    method === "POST" && path === "/v1/messages"
      ? { model: isRecord(body) ? stringOf(body.model) : undefined }
      : undefined,
  images(body) {
    if (!isRecord(body)) return [];
    return records(body.messages).flatMap((message) =>
      records(message.content).flatMap((block) => {
        const source = block.type === "image" && isRecord(block.source) ? block.source : undefined;
        const mimeType = stringOf(source?.media_type);
        const data = stringOf(source?.data);
        return source?.type === "base64" && mimeType && data !== undefined ? [{ mimeType, base64: data }] : [];
      }),
    );
  },
  texts(body) {
    if (!isRecord(body)) return [];
    const system =
      typeof body.system === "string"
        ? [body.system]
        : records(body.system).flatMap((block) => (typeof block.text === "string" ? [block.text] : []));
    const messages = records(body.messages).flatMap((message) =>
      typeof message.content === "string"
        ? [message.content]
        : records(message.content).flatMap((block) => (typeof block.text === "string" ? [block.text] : [])),
    );
    return [...system, ...messages];
  },
  success: (text, model) => ({
    id: `msg_${randomBytes(12).toString("hex")}`,
    type: "message",
    role: "assistant",
    model: model ?? "unknown",
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 900, output_tokens: 200 },
  }),
  error: (answer) => ({
    body: {
      type: "error",
      error: {
        type:
          answer.type ??
          ANTHROPIC_TYPES[answer.status] ??
          (answer.status >= 500 ? "api_error" : "invalid_request_error"),
        message: answer.message ?? `The fake Anthropic API answered ${answer.status}.`,
      },
      request_id: `req_${randomBytes(12).toString("hex")}`,
    },
  }),
  // The SDK (1.x) sends an API key as a bearer token; the API also takes x-api-key.
  key: (headers) => headers["x-api-key"] ?? /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1],
};

const GOOGLE_STATUSES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

const GEMINI_PATH = /^\/v1beta\/models\/([^/:]+):generateContent$/;

function geminiParts(body: unknown): Json[] {
  if (!isRecord(body)) return [];
  const system = isRecord(body.systemInstruction) ? records(body.systemInstruction.parts) : [];
  return [...system, ...records(body.contents).flatMap((content) => records(content.parts))];
}

const gemini: Protocol = {
  route(method, path) {
    const match = method === "POST" ? GEMINI_PATH.exec(path) : null;
    return match ? { model: decodeURIComponent(match[1]!) } : undefined;
  },
  images: (body) =>
    geminiParts(body).flatMap((part) => {
      const inline = isRecord(part.inlineData) ? part.inlineData : undefined;
      const mimeType = stringOf(inline?.mimeType);
      const data = stringOf(inline?.data);
      return mimeType && data !== undefined ? [{ mimeType, base64: data }] : [];
    }),
  texts: (body) => geminiParts(body).flatMap((part) => (typeof part.text === "string" ? [part.text] : [])),
  success: (text, model) => ({
    candidates: [{ content: { parts: [{ text }], role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 900, candidatesTokenCount: 200, totalTokenCount: 1100 },
    modelVersion: model ?? "unknown",
    responseId: randomBytes(12).toString("hex"),
  }),
  error: (answer) => ({
    body: {
      error: {
        code: answer.status,
        message: answer.message ?? `The fake Gemini API answered ${answer.status}.`,
        status:
          answer.type ?? GOOGLE_STATUSES[answer.status] ?? (answer.status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION"),
        ...(answer.retryDelay
          ? { details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: answer.retryDelay }] }
          : {}),
      },
    },
  }),
  key: (headers, query) => headers["x-goog-api-key"] ?? query.key,
};

const PROTOCOLS: Record<FakeAiProviderName, Protocol> = { openai: openAi, anthropic, gemini };

/** The base URL each SDK takes: OpenAI's includes /v1, the others add their version themselves. */
const BASE_PATHS: Record<FakeAiProviderName, string> = { openai: "/v1", anthropic: "", gemini: "" };

function headerRecord(request: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * Starts a fake of one provider on 127.0.0.1 (any free port). With `apiKey`,
 * a request without that key is answered 401 as the provider would.
 */
export async function startFakeAiProvider(provider: FakeAiProviderName, { apiKey }: { apiKey?: string } = {}) {
  const protocol = PROTOCOLS[provider];
  const requests: RecordedAiRequest[] = [];
  const script: FakeAiAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function send(response: http.ServerResponse, recorded: RecordedAiRequest, answer: FakeAiAnswer) {
    if (answer.kind === "late") {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed && !response.writableEnded) send(response, recorded, answer.then);
      }, answer.ms);
      timers.add(timer);
      response.on("close", () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
      return;
    }
    const { status, body, headers } =
      answer.kind === "text"
        ? { status: 200, body: protocol.success(answer.text, recorded.model), headers: undefined }
        : { status: answer.status, ...protocol.error(answer) };
    const retryAfter =
      answer.kind === "error" && answer.retryAfter !== undefined ? { "Retry-After": answer.retryAfter } : {};
    recorded.status = status;
    response.writeHead(status, { "Content-Type": "application/json", ...retryAfter, ...headers });
    response.end(JSON.stringify(body));
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://fake-ai.local");
      const method = request.method ?? "GET";
      const headers = headerRecord(request);
      const query = Object.fromEntries(url.searchParams);
      const body = parseJson(Buffer.concat(chunks).toString("utf8"));
      const route = protocol.route(method, url.pathname, body);
      const recorded: RecordedAiRequest = {
        method,
        path: url.pathname,
        query,
        headers,
        body,
        model: route?.model,
        images: protocol.images(body),
        text: protocol.texts(body).join("\n"),
        status: 0,
      };
      requests.push(recorded);
      if (!route)
        return send(
          response,
          recorded,
          errorAnswer(404, { message: `The fake ${provider} API has no ${method} ${url.pathname}.` }),
        );
      if (apiKey !== undefined && protocol.key(headers, query) !== apiKey)
        return send(response, recorded, errorAnswer(401, { message: "Invalid API key." }));
      // An unscripted request is a test's mistake (an extra retry, say): answer it so it shows.
      send(
        response,
        recorded,
        script.shift() ??
          errorAnswer(500, { message: `The fake ${provider} API had no answer scripted for this request.` }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error(`fake ${provider} has no port`);
  const origin = `http://127.0.0.1:${address.port}`;

  return {
    provider,
    origin,
    /** The base URL to give the provider's SDK. */
    baseUrl: origin + BASE_PATHS[provider],
    /** Every request received, oldest first. */
    requests,
    /** Answers the next requests with these, one each, in order. */
    answer(...answers: FakeAiAnswer[]) {
      script.push(...answers);
    },
    /** Scripted answers not used yet. */
    pending: () => script.length,
    /** Forgets recorded requests and unused answers. */
    reset() {
      requests.length = 0;
      script.length = 0;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export type FakeAiProvider = Awaited<ReturnType<typeof startFakeAiProvider>>;

/** Starts the three fakes together (one per provider); close them with `closeAll`. */
export async function startFakeAiProviders(options: { apiKey?: string } = {}) {
  const [openai, anthropic, gemini] = await Promise.all([
    startFakeAiProvider("openai", options),
    startFakeAiProvider("anthropic", options),
    startFakeAiProvider("gemini", options),
  ]);
  return {
    openai,
    anthropic,
    gemini,
    closeAll: () => Promise.all([openai.close(), anthropic.close(), gemini.close()]).then(() => undefined),
  };
}
