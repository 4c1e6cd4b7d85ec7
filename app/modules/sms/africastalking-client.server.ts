// A small typed client for Africa's Talking's SMS API (POST /version1/messaging): the username and
// the apiKey header, the form fields it takes, its JSON answer read into one result per recipient
// (status, cost in the account's currency, message id), a time limit per call, and one error class
// that tells "Africa's Talking could not be reached" (retry later) from "it refused" (a bad key, a
// bad sender id: retrying changes nothing).
//
// Why not the official Node SDK (`africastalking`, 0.8.3, August 2026), installed and read in
// November 2026:
// - Its addresses are fixed: https://api.africastalking.com, or the sandbox's for the username
//   "sandbox", with no base URL option, so it cannot talk to the local server the tests use
//   (AT_BASE_URL).
// - No types (plain CommonJS, no declarations, nothing in DefinitelyTyped): every answer is `any`.
// - No time limit on its axios calls, and a non-201 answer rejects with the raw body, so "the
//   network failed" and "the key is wrong" cannot be told apart.
// - It brings axios, joi, lodash, google-libphonenumber and body-parser (about 15 MB) for one POST
//   of four form fields; numbers are checked here with our own Nigerian normaliser.
// It does cover SMS (and USSD, voice, airtime), but each point above is a blocker for one call.

export const AT_LIVE_URL = "https://api.africastalking.com";
export const AT_SANDBOX_URL = "https://api.sandbox.africastalking.com";
export const AT_TIMEOUT_MS = 8_000;

/** Africa's Talking's status codes of a recipient (its documented list). */
export const AT_STATUS = {
  100: "Processed",
  101: "Sent",
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
} as const;

/** Accepted for delivery. */
const ACCEPTED = new Set([100, 101, 102]);
/** Worth sending again later (the account or the gateway, not the number). */
const RETRYABLE = new Set([405, 500, 501]);

export interface SmsRecipientResult {
  number: string;
  statusCode: number;
  status: string;
  /** Taken for delivery (Processed, Sent or Queued). */
  accepted: boolean;
  /** Not taken, but worth sending again later (no balance, the gateway failing). */
  retryable: boolean;
  messageId: string | null;
  /** What it cost, as Africa's Talking says it ("NGN 2.2000"): currency and amount. */
  cost: { currency: string; amount: number } | null;
}

export interface AtClientOptions {
  username: string;
  apiKey: string;
  /** Africa's Talking's own address (the sandbox's for the username "sandbox") unless told. */
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * Why a call failed. `unreachable`: no answer (network, time limit) or the service failing (5xx,
 * 429, an answer that is not its JSON): try again later. `refused`: it answered and said no (a bad
 * key or username, a bad request); the message carries its words. Never carries the key.
 */
export class AtError extends Error {
  override readonly name = "AtError";
  constructor(
    readonly kind: "unreachable" | "refused",
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }

  get retryable() {
    return this.kind === "unreachable";
  }
}

/** The address to use: the one given, else the sandbox's for the username "sandbox", else the live one. */
export function atBaseUrl(username: string, baseUrl?: string) {
  return (baseUrl ?? (username === "sandbox" ? AT_SANDBOX_URL : AT_LIVE_URL)).replace(/\/+$/, "");
}

/** "NGN 2.2000" → { currency: "NGN", amount: 2.2 }; null for "0" or anything else. */
export function parseCost(text: unknown): { currency: string; amount: number } | null {
  if (typeof text !== "string") return null;
  const match = /^([A-Z]{3})\s+(\d+(?:\.\d+)?)$/.exec(text.trim());
  return match ? { currency: match[1]!, amount: Number(match[2]) } : null;
}

function readRecipient(raw: unknown): SmsRecipientResult | null {
  if (!raw || typeof raw !== "object") return null;
  const recipient = raw as Record<string, unknown>;
  const statusCode = Number(recipient.statusCode);
  if (!Number.isInteger(statusCode) || typeof recipient.number !== "string") return null;
  return {
    number: recipient.number,
    statusCode,
    status:
      typeof recipient.status === "string"
        ? recipient.status
        : (AT_STATUS[statusCode as keyof typeof AT_STATUS] ?? "Unknown"),
    accepted: ACCEPTED.has(statusCode),
    retryable: RETRYABLE.has(statusCode),
    messageId: typeof recipient.messageId === "string" && recipient.messageId !== "None" ? recipient.messageId : null,
    cost: parseCost(recipient.cost),
  };
}

export function createAtClient(options: AtClientOptions) {
  const { username, apiKey } = options;
  if (!username || !apiKey) throw new Error("Africa's Talking needs a username and an API key");
  const base = atBaseUrl(username, options.baseUrl);
  const timeoutMs = options.timeoutMs ?? AT_TIMEOUT_MS;
  const redact = (text: string) => text.split(apiKey).join("[api key]");

  return {
    /**
     * Sends one text to each number (E.164); answers one result per recipient, in Africa's
     * Talking's words. `from`: the sender id (a registered short code or alphanumeric name).
     */
    async sendSms({ to, message, from }: { to: string[]; message: string; from?: string }) {
      if (to.length === 0) throw new RangeError("no recipient");
      const form = new URLSearchParams({ username, to: to.join(","), message, bulkSMSMode: "1" });
      if (from) form.set("from", from);
      const what = "Africa's Talking POST /version1/messaging";
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${base}/version1/messaging`, {
          method: "POST",
          headers: {
            apiKey,
            Accept: "application/json",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: form.toString(),
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
        const reason = timedOut
          ? `no answer within ${timeoutMs} ms`
          : `could not connect (${cause?.code ?? String(error)})`;
        throw new AtError("unreachable", redact(`${what}: ${reason}`), null);
      }
      const status = response.status;
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      const data = (parsed as { SMSMessageData?: { Message?: unknown; Recipients?: unknown } } | null)?.SMSMessageData;
      if (status >= 500 || status === 429 || (status < 400 && !data)) {
        throw new AtError("unreachable", redact(`${what} answered ${status}`), status);
      }
      if (status >= 400 || !data) {
        // Its refusals are plain text ("The supplied authentication is invalid").
        throw new AtError("refused", redact(`${what} refused (${status}): ${text.slice(0, 200)}`), status);
      }
      const recipients = (Array.isArray(data.Recipients) ? data.Recipients : [])
        .map(readRecipient)
        .filter((recipient): recipient is SmsRecipientResult => recipient !== null);
      return { summary: typeof data.Message === "string" ? data.Message : "", recipients };
    },
  };
}

export type AtClient = ReturnType<typeof createAtClient>;
