import { randomBytes } from "node:crypto";
import http from "node:http";

// A local HTTP server speaking the part of Africa's Talking's API the app uses: SMS
// (POST /version1/messaging, form fields username, to, message, from, bulkSMSMode; the apiKey
// header), answering 201 with SMSMessageData and one result per recipient, as Africa's Talking
// does, or its plain-text refusals (401 for a wrong key or username, 400 for a missing field).
// It keeps every message sent, and can be told to refuse a number with a status of Africa's
// Talking's own (InsufficientBalance, DoNotDisturbRejection...), to fail with a 5xx, or to be
// unreachable (connections cut without an answer).

export interface SentSms {
  to: string;
  message: string;
  from: string | null;
  messageId: string;
  at: Date;
}

export interface AtRecordedRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
  status: number;
}

const STATUS_NAMES: Record<number, string> = {
  100: "Processed",
  101: "Success",
  102: "Queued",
  401: "RiskHold",
  402: "InvalidSenderId",
  403: "InvalidPhoneNumber",
  404: "UnsupportedNumberType",
  405: "InsufficientBalance",
  406: "UserInBlacklist",
  407: "CouldNotRoute",
  409: "DoNotDisturbRejection",
  500: "InternalServerError",
  501: "GatewayError",
  502: "RejectedByGateway",
};

export async function startFakeAfricasTalking(
  options: { username?: string; apiKey?: string; port?: number; costPerMessage?: string } = {},
) {
  const username = options.username ?? "asiiko-test";
  const apiKey = options.apiKey ?? `atsk_${randomBytes(16).toString("hex")}`;
  const cost = options.costPerMessage ?? "NGN 4.0000";
  const sent: SentSms[] = [];
  const requests: AtRecordedRequest[] = [];
  const numberStatus = new Map<string, number>();
  let failures: { status: number; remaining: number }[] = [];
  let unreachable = false;

  function answer(request: http.IncomingMessage, rawBody: string): { status: number; body: string; json: boolean } {
    const url = new URL(request.url ?? "/", "http://fake-at.local");
    const form = Object.fromEntries(new URLSearchParams(rawBody));
    const record = (status: number) =>
      requests.push({
        method: request.method ?? "GET",
        path: url.pathname,
        apiKey: request.headers.apikey as string | undefined,
        accept: request.headers.accept,
        contentType: request.headers["content-type"],
        form,
        status,
      });
    const failure = failures.find((rule) => rule.remaining > 0);
    if (failure) {
      failure.remaining -= 1;
      record(failure.status);
      return { status: failure.status, body: "The service is temporarily unavailable", json: false };
    }
    if (request.method !== "POST" || url.pathname !== "/version1/messaging") {
      record(404);
      return { status: 404, body: "Not Found", json: false };
    }
    if (request.headers.apikey !== apiKey || form.username !== username) {
      record(401);
      return { status: 401, body: "The supplied authentication is invalid", json: false };
    }
    if (!form.to || !form.message) {
      record(400);
      return {
        status: 400,
        body: `Request is missing required form field '${form.to ? "message" : "to"}'`,
        json: false,
      };
    }
    const recipients = form.to.split(",").map((raw) => {
      const number = raw.trim();
      const statusCode = /^\+\d{8,15}$/.test(number) ? (numberStatus.get(number) ?? 101) : 403;
      const accepted = statusCode >= 100 && statusCode <= 102;
      const messageId = accepted ? `ATXid_${randomBytes(12).toString("hex")}` : "None";
      if (accepted)
        sent.push({ to: number, message: form.message!, from: form.from ?? null, messageId, at: new Date() });
      return {
        statusCode,
        number,
        status: STATUS_NAMES[statusCode] ?? "Unknown",
        cost: accepted ? cost : "0",
        messageId,
      };
    });
    const accepted = recipients.filter((recipient) => recipient.statusCode <= 102).length;
    record(201);
    return {
      status: 201,
      json: true,
      body: JSON.stringify({
        SMSMessageData: {
          Message: `Sent to ${accepted}/${recipients.length} Total Cost: ${accepted ? cost : "0"}`,
          Recipients: recipients,
        },
      }),
    };
  }

  const server = http.createServer((request, response) => {
    if (unreachable) {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const reply = answer(request, Buffer.concat(chunks).toString("utf8"));
      response.writeHead(reply.status, {
        "Content-Type": reply.json ? "application/json" : "text/plain; charset=utf-8",
      });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Africa's Talking has no port");

  return {
    /** What AT_BASE_URL is set to. */
    url: `http://127.0.0.1:${address.port}`,
    username,
    apiKey,
    /** Every message accepted, oldest first. */
    sent,
    requests,
    /** The messages sent to one number, oldest first. */
    messagesTo(number: string) {
      return sent.filter((message) => message.to === number);
    },
    /** Answers this status for the number from now on (405 InsufficientBalance, 409 DoNotDisturbRejection...). */
    setNumberStatus(number: string, statusCode: number) {
      numberStatus.set(number, statusCode);
    },
    /** The next `times` requests answer `status` (a 5xx: the service failing). */
    fail(status = 500, times = 1) {
      failures.push({ status, remaining: times });
    },
    /** While true, every connection is cut without an answer. */
    setUnreachable(value: boolean) {
      unreachable = value;
    },
    reset() {
      sent.length = 0;
      requests.length = 0;
      numberStatus.clear();
      failures = [];
      unreachable = false;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export type FakeAfricasTalking = Awaited<ReturnType<typeof startFakeAfricasTalking>>;
