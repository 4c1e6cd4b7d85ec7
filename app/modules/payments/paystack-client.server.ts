// A small typed client for the part of Paystack's API the product uses: plans,
// transactions (initialise, verify) and subscriptions (fetch, disable, the
// customer's card-update link). Plain `fetch`: Bearer secret key, JSON, a time
// limit per call, Paystack's envelope `{ status, message, data }` unwrapped, and
// one error class that tells "Paystack could not be reached" (retry later) from
// "Paystack refused the request" (4xx, with Paystack's own message).
//
// Why not Paystack's official Node SDK (@paystack/paystack-sdk), installed and read in November 2026
// (five versions: 1.0.1 Dec 2024, 1.0.0, 1.2.0 7 May 2026, 1.2.1-beta.1, 1.2.1 7 Sep 2026; code
// generated from Paystack's OpenAPI description; no dependencies):
// - It does not load on our Node (20.19+). 1.2.1, the latest, is published without its dist/
//   folder (`main` is ./dist/index.js, absent). 1.2.0 declares "type": "module", so its CommonJS
//   build fails (`Cannot find module './apis'`) and its ES build uses directory imports that Node
//   refuses (ERR_UNSUPPORTED_DIR_IMPORT). 1.0.1 loads, but names its resources in lower case only.
// - No useful types: the entry class is declared `[index: string]: any`, so `paystack.plan.list()`
//   is `any`; each call answers the generic `Response { status?; message?; data?: object }`.
// - The address is fixed: `https.request("https://api.paystack.co", ...)`, no base URL option, so
//   it cannot talk to the local server the tests use (PAYSTACK_BASE_URL).
// - No time limit (no timeout, no AbortSignal), and the HTTP status is dropped: a 4xx answer
//   resolves like a success and a gateway's HTML error page rejects with a JSON SyntaxError, so
//   "unreachable" and "refused" (503 + Retry-After at checkout) cannot be told apart.
// - POST bodies are sent without a Content-Type header.
// It does have every endpoint needed (plan list/create, transaction initialize/verify, subscription
// fetch/disable/manage link), but each point above is a blocker; the seven calls are written here.

/** What Paystack's answers are wrapped in. */
interface Envelope<T> {
  status: boolean;
  message: string;
  data?: T;
  meta?: PaystackListMeta;
  /** On refusals, newer answers also say a machine-readable code and type. */
  code?: string;
  type?: string;
}

export interface PaystackListMeta {
  total: number;
  skipped: number;
  perPage: number | string;
  page: number;
  pageCount: number;
}

export type PaystackChannel = "card" | "bank" | "ussd" | "qr" | "mobile_money" | "bank_transfer" | "eft" | "apple_pay";

export type PaystackPlanInterval = "hourly" | "daily" | "weekly" | "monthly" | "quarterly" | "biannually" | "annually";

export interface PaystackPlan {
  id: number;
  name: string;
  plan_code: string;
  description: string | null;
  /** In kobo. */
  amount: number;
  interval: PaystackPlanInterval;
  currency: string;
  send_invoices: boolean;
  send_sms: boolean;
  is_deleted?: boolean;
  is_archived?: boolean;
  createdAt: string;
  updatedAt?: string;
}

export interface PaystackCustomer {
  id: number;
  customer_code: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  metadata: Record<string, unknown> | null;
}

export interface PaystackAuthorization {
  authorization_code: string;
  channel: string;
  reusable: boolean;
  card_type?: string;
  last4?: string;
  exp_month?: string;
  exp_year?: string;
  bank?: string | null;
  signature?: string | null;
}

export type PaystackTransactionStatus =
  "success" | "failed" | "abandoned" | "ongoing" | "pending" | "processing" | "queued" | "reversed";

export interface PaystackTransaction {
  id: number;
  status: PaystackTransactionStatus;
  reference: string;
  /** In kobo. */
  amount: number;
  currency: string;
  channel: PaystackChannel | string;
  gateway_response: string | null;
  paid_at: string | null;
  created_at: string;
  metadata: Record<string, unknown> | string | null;
  customer: PaystackCustomer;
  /** Empty object or null when the payment left no reusable authorization. */
  authorization: PaystackAuthorization | Record<string, never> | null;
  /** The plan's code when the transaction was started with a plan, else null. */
  plan: string | null;
  /** The plan itself when there is one, else an empty object. */
  plan_object: PaystackPlan | Record<string, never>;
}

export type PaystackSubscriptionStatus = "active" | "non-renewing" | "attention" | "completed" | "cancelled";

export interface PaystackSubscription {
  id: number;
  subscription_code: string;
  /** Needed, with the code, to disable the subscription. */
  email_token: string;
  status: PaystackSubscriptionStatus;
  /** In kobo. */
  amount: number;
  cron_expression: string;
  /** When the next charge is due (ISO date); null once it will not renew. */
  next_payment_date: string | null;
  createdAt: string;
  customer: PaystackCustomer;
  plan: PaystackPlan;
  authorization: PaystackAuthorization | null;
}

export interface InitializeTransactionInput {
  email: string;
  /** In kobo (a plan's own amount wins over it when `plan` is given). */
  amount: number;
  reference: string;
  callback_url: string;
  /** A plan code: the card payment then starts a subscription that renews. */
  plan?: string;
  channels: PaystackChannel[];
  metadata?: Record<string, unknown>;
}

export interface InitializedTransaction {
  authorization_url: string;
  access_code: string;
  reference: string;
}

export interface CreatePlanInput {
  name: string;
  /** In kobo. */
  amount: number;
  interval: PaystackPlanInterval;
  currency?: string;
  description?: string;
}

export interface ListPlansFilter {
  interval?: PaystackPlanInterval;
  /** In kobo. */
  amount?: number;
  perPage?: number;
  page?: number;
}

export interface PaystackClientOptions {
  secretKey: string;
  /** https://api.paystack.co unless told otherwise (tests point it at a local server). */
  baseUrl?: string;
  /** Time limit of one call, body included (milliseconds). */
  timeoutMs?: number;
}

export const PAYSTACK_BASE_URL = "https://api.paystack.co";
export const PAYSTACK_TIMEOUT_MS = 8_000;

/**
 * Why a call to Paystack failed. `unreachable`: no answer (network error, time limit) or
 * Paystack failing (5xx, 429, an answer that is not Paystack's JSON); worth trying again later
 * (checkout answers 503 with Retry-After). `refused`: Paystack answered and said no (4xx,
 * or `status: false`); `message` carries Paystack's reason. Never carries the secret key.
 */
export class PaystackError extends Error {
  override readonly name = "PaystackError";
  constructor(
    readonly kind: "unreachable" | "refused",
    message: string,
    /** The HTTP status when Paystack answered. */
    readonly status: number | null,
    /** Paystack's own words, for a refusal. */
    readonly paystackMessage: string | null = null,
    /** Paystack's machine-readable code, when its answer had one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }

  get retryable() {
    return this.kind === "unreachable";
  }
}

/** Naira to kobo, exactly: a whole number of naira, or one with at most two decimals. */
export function nairaToKobo(naira: number): number {
  const text = String(naira);
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`${text} is not an amount in naira (at most two decimals, not negative)`);
  const kobo = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`${text} naira is too large`);
  return kobo;
}

/** Kobo to naira: a whole number of kobo, divided once (the nearest number to the exact amount). */
export function koboToNaira(kobo: number): number {
  if (!Number.isSafeInteger(kobo) || kobo < 0) throw new RangeError(`${kobo} is not an amount in kobo`);
  return kobo % 100 === 0 ? kobo / 100 : Math.trunc(kobo / 100) + (kobo % 100) / 100;
}

/** The plan a transaction was started with (from `plan_object`), or null for a one-off payment. */
export function planOfTransaction(transaction: Pick<PaystackTransaction, "plan_object">): PaystackPlan | null {
  const plan = transaction.plan_object as Partial<PaystackPlan> | null | undefined;
  return plan && typeof plan.plan_code === "string" ? (plan as PaystackPlan) : null;
}

export function createPaystackClient(options: PaystackClientOptions) {
  const { secretKey } = options;
  if (!secretKey) throw new Error("Paystack's secret key is empty");
  const base = (options.baseUrl ?? PAYSTACK_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? PAYSTACK_TIMEOUT_MS;
  /** Nothing said about a failure may carry the key, even if an answer echoes it. */
  const redact = (text: string) => text.split(secretKey).join("[secret key]");

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    { query, body }: { query?: Record<string, string | number | undefined>; body?: unknown } = {},
  ): Promise<{ data: T; meta?: PaystackListMeta }> {
    const url = new URL(base + path);
    for (const [name, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const what = `Paystack ${method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const reason = timedOut ? `no answer within ${timeoutMs} ms` : describeNetworkError(error);
      throw new PaystackError("unreachable", redact(`${what}: ${reason}`), null);
    }
    let envelope: Envelope<T> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && typeof (parsed as Envelope<T>).status === "boolean")
        envelope = parsed as Envelope<T>;
    } catch {
      envelope = null;
    }
    const status = response.status;
    if (status >= 500 || status === 429 || (!envelope && status < 400)) {
      const said = envelope?.message ? `: ${envelope.message}` : "";
      throw new PaystackError("unreachable", redact(`${what} answered ${status}${said}`), status);
    }
    if (status >= 400 || !envelope || !envelope.status) {
      const said = envelope?.message ?? `HTTP ${status}`;
      throw new PaystackError(
        "refused",
        redact(`${what} refused (${status}): ${said}`),
        status,
        envelope?.message ? redact(envelope.message) : null,
        envelope?.code ?? null,
      );
    }
    return { data: envelope.data as T, meta: envelope.meta };
  }

  const segment = (value: string) => encodeURIComponent(value);

  return {
    /** GET /plan, one page, filtered by Paystack on interval and amount (kobo). */
    async listPlans(filter: ListPlansFilter = {}): Promise<{ plans: PaystackPlan[]; meta: PaystackListMeta | null }> {
      const { data, meta } = await call<PaystackPlan[]>("GET", "/plan", {
        query: { interval: filter.interval, amount: filter.amount, perPage: filter.perPage, page: filter.page },
      });
      return { plans: data ?? [], meta: meta ?? null };
    },

    /** POST /plan. */
    async createPlan(input: CreatePlanInput): Promise<PaystackPlan> {
      return (await call<PaystackPlan>("POST", "/plan", { body: input })).data;
    },

    /** POST /transaction/initialize: where to send the payer (authorization_url). */
    async initializeTransaction(input: InitializeTransactionInput): Promise<InitializedTransaction> {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new RangeError(`amount ${input.amount} is not a positive whole number of kobo`);
      return (await call<InitializedTransaction>("POST", "/transaction/initialize", { body: input })).data;
    },

    /** GET /transaction/verify/:reference: the proof of payment (status "success" only when paid). */
    async verifyTransaction(reference: string): Promise<PaystackTransaction> {
      return (await call<PaystackTransaction>("GET", `/transaction/verify/${segment(reference)}`)).data;
    },

    /** GET /subscription/:code. */
    async fetchSubscription(code: string): Promise<PaystackSubscription> {
      return (await call<PaystackSubscription>("GET", `/subscription/${segment(code)}`)).data;
    },

    /** POST /subscription/disable: no further charges; Paystack sends subscription.disable. */
    async disableSubscription({ code, emailToken }: { code: string; emailToken: string }): Promise<void> {
      await call<unknown>("POST", "/subscription/disable", { body: { code, token: emailToken } });
    },

    /** GET /subscription/:code/manage/link: a page of Paystack's where the customer changes the card. */
    async manageLink(code: string): Promise<string> {
      return (await call<{ link: string }>("GET", `/subscription/${segment(code)}/manage/link`)).data.link;
    },
  };
}

export type PaystackClient = ReturnType<typeof createPaystackClient>;

function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `could not connect (${cause.code})`;
  return `could not connect (${error instanceof Error ? error.message : String(error)})`;
}

/** Pages read at most when looking for the plan (Paystack lists 50 a page unless told; 100 asked). */
const PLAN_PAGES = 10;

/**
 * The monthly NGN plan named `name` at `amountNgn` naira: found among the plans Paystack lists
 * (filtered on interval and amount, every page, deleted and archived plans left out), created only
 * when none matches. Calling it again finds the same plan, so it is safe at every start-up.
 *
 * The race: two processes starting at once may both find nothing and both create a plan (Paystack
 * takes no idempotency key on POST /plan). So after creating, the list is read again and the
 * oldest matching plan (lowest id) is the answer: both processes settle on the same code, and the
 * later duplicate is never used (it has no subscribers and can be archived in the dashboard).
 */
export async function findOrCreateMonthlyPlan(
  client: PaystackClient,
  { amountNgn, name }: { amountNgn: number; name: string },
): Promise<PaystackPlan> {
  const amount = nairaToKobo(amountNgn);
  const matches = async () => {
    const found: PaystackPlan[] = [];
    for (let page = 1; page <= PLAN_PAGES; page++) {
      const { plans, meta } = await client.listPlans({ interval: "monthly", amount, perPage: 100, page });
      found.push(
        ...plans.filter(
          (plan) =>
            plan.name === name &&
            plan.amount === amount &&
            plan.interval === "monthly" &&
            plan.currency === "NGN" &&
            !plan.is_deleted &&
            !plan.is_archived,
        ),
      );
      if (!meta || page >= meta.pageCount || plans.length === 0) break;
    }
    return found.sort((a, b) => a.id - b.id);
  };
  const existing = await matches();
  if (existing[0]) return existing[0];
  const created = await client.createPlan({ name, amount, interval: "monthly", currency: "NGN" });
  const after = await matches();
  return after[0] ?? created;
}
