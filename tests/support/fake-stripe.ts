// A local HTTP server speaking Stripe's API for the calls the app makes
// (prices, customers, checkout sessions, subscriptions), so integration tests
// run stripe-node for real against it (STRIPE_API_BASE). It parses the
// form-encoded bodies stripe-node sends (bracket notation), records every
// request for assertions and answers objects shaped like Stripe's.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";

/** A parsed form value: bracket keys become nested objects, numeric or empty brackets arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  rawBody: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  /** What the fake answered. */
  status: number;
  answer: unknown;
}

export interface FakeSubscription {
  id: string;
  customer: string | null;
  status: string;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  /** When false, the period is only on the items (as in newer API versions). */
  periodOnTopLevel?: boolean;
  metadata?: Record<string, string>;
}

interface FakePrice {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  recurring: { interval: string; interval_count: number };
  lookup_key: string | null;
  product: string;
  type: "recurring";
  livemode: false;
}

/** Splits `a[b][0][]` into ["a", "b", "0", ""]. */
function keyPath(key: string): string[] {
  const first = key.indexOf("[");
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]!);
  return parts;
}

function isIndex(segment: string | undefined) {
  return segment !== undefined && (segment === "" || /^\d+$/.test(segment));
}

/** Parses `application/x-www-form-urlencoded` data with Stripe's bracket notation into nested values. */
export function parseStripeForm(data: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(data)) {
    const path = keyPath(key);
    let container: FormObject | FormValue[] = root;
    path.forEach((segment, position) => {
      const last = position === path.length - 1;
      const nextIsIndex = isIndex(path[position + 1]);
      if (Array.isArray(container)) {
        const index = segment === "" ? container.length : Number(segment);
        if (last) container[index] = value;
        else container = (container[index] ??= nextIsIndex ? [] : {}) as FormObject | FormValue[];
      } else {
        if (last) container[segment] = value;
        else container = (container[segment] ??= nextIsIndex ? [] : {}) as FormObject | FormValue[];
      }
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, type: string, message: string) {
  return { status, body: { error: { type, message } } };
}

/** Starts the fake on 127.0.0.1:`port` (0 for any free port). */
export async function startFakeStripe(port = 0) {
  const requests: RecordedRequest[] = [];
  const prices: FakePrice[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  /** Forced answers: the first rule matching method and path answers instead of the fake. */
  let failures: { method: string; path: RegExp; status: number }[] = [];
  /** Held answers: the first request matching a hold waits until the test releases it. */
  let holds: {
    method: string;
    path: RegExp;
    taken: boolean;
    arrived: () => void;
    released: Promise<void>;
    release: () => void;
  }[] = [];

  function subscriptionObject(subscription: FakeSubscription) {
    const { periodOnTopLevel = true, ...fields } = subscription;
    const item = {
      id: `si_${subscription.id.slice(4)}`,
      object: "subscription_item",
      current_period_start: subscription.current_period_start,
      current_period_end: subscription.current_period_end,
      quantity: 1,
      price: prices[0] ?? null,
    };
    return {
      id: fields.id,
      object: "subscription",
      customer: fields.customer,
      status: fields.status,
      cancel_at_period_end: fields.cancel_at_period_end,
      ...(periodOnTopLevel
        ? { current_period_start: fields.current_period_start, current_period_end: fields.current_period_end }
        : {}),
      metadata: fields.metadata ?? {},
      livemode: false,
      items: { object: "list", data: [item], has_more: false, url: `/v1/subscription_items?subscription=${fields.id}` },
    };
  }

  function route(method: string, path: string, query: FormObject, body: FormObject): { status: number; body: unknown } {
    if (method === "GET" && path === "/v1/prices") {
      const keys = Array.isArray(query.lookup_keys) ? query.lookup_keys : [];
      const limit = Number(query.limit ?? 10);
      const data = prices
        .filter((price) => keys.length === 0 || (price.lookup_key !== null && keys.includes(price.lookup_key)))
        .filter((price) => query.active === undefined || String(price.active) === query.active)
        .slice(0, limit);
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/prices" } };
    }
    if (method === "POST" && path === "/v1/prices") {
      const lookupKey = typeof body.lookup_key === "string" ? body.lookup_key : null;
      // transfer_lookup_key moves the key from an older price to this one, as Stripe does.
      if (lookupKey && body.transfer_lookup_key === "true")
        for (const price of prices) if (price.lookup_key === lookupKey) price.lookup_key = null;
      const recurring = (body.recurring ?? {}) as FormObject;
      const price: FakePrice = {
        id: newId("price"),
        object: "price",
        active: true,
        currency: String(body.currency),
        unit_amount: Number(body.unit_amount),
        recurring: { interval: String(recurring.interval), interval_count: 1 },
        lookup_key: lookupKey,
        product: newId("prod"),
        type: "recurring",
        livemode: false,
      };
      prices.unshift(price);
      return { status: 200, body: price };
    }
    if (method === "POST" && path === "/v1/customers") {
      return {
        status: 200,
        body: {
          id: newId("cus"),
          object: "customer",
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          livemode: false,
        },
      };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs_test");
      return {
        status: 200,
        body: {
          id,
          object: "checkout.session",
          mode: body.mode,
          status: "open",
          payment_status: "unpaid",
          customer: body.customer ?? null,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          currency: "ngn",
          amount_total:
            prices.find((price) => price.id === (body.line_items as FormObject[] | undefined)?.[0]?.price)
              ?.unit_amount ?? null,
          livemode: false,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        },
      };
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = subscriptions.get(subscriptionPath[1]!);
      if (!subscription)
        return stripeError(404, "invalid_request_error", `No such subscription: '${subscriptionPath[1]}'`);
      if (method === "GET") return { status: 200, body: subscriptionObject(subscription) };
      if (method === "POST") {
        if (body.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
        return { status: 200, body: subscriptionObject(subscription) };
      }
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  async function answer(request: http.IncomingMessage, response: http.ServerResponse, rawBody: string) {
    const url = new URL(request.url ?? "/", "http://fake-stripe.local");
    const method = request.method ?? "GET";
    const held = holds.find((hold) => !hold.taken && hold.method === method && hold.path.test(url.pathname));
    if (held) {
      held.taken = true;
      held.arrived();
      await held.released;
    }
    const query = parseStripeForm(url.search.slice(1));
    const body = /x-www-form-urlencoded/i.test(request.headers["content-type"] ?? "") ? parseStripeForm(rawBody) : {};
    const failure = failures.find((rule) => rule.method === method && rule.path.test(url.pathname));
    const answer = failure
      ? stripeError(failure.status, "api_error", "The fake Stripe server was told to fail this request.")
      : request.headers.authorization?.startsWith("Bearer sk_")
        ? route(method, url.pathname, query, body)
        : stripeError(401, "invalid_request_error", "You did not provide an API key.");
    requests.push({
      method,
      path: url.pathname,
      query,
      body,
      rawBody,
      authorization: request.headers.authorization,
      idempotencyKey: request.headers["idempotency-key"] as string | undefined,
      contentType: request.headers["content-type"],
      status: answer.status,
      answer: answer.body,
    });
    response.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": newId("req") });
    response.end(JSON.stringify(answer.body));
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => void answer(request, response, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Stripe has no port");

  return {
    url: `http://127.0.0.1:${address.port}`,
    /** Every request received, oldest first. */
    requests,
    /** The recorded requests of one method and path (a string for an exact path, or a pattern). */
    requestsTo(method: string, path: string | RegExp) {
      return requests.filter(
        (request) =>
          request.method === method && (typeof path === "string" ? request.path === path : path.test(request.path)),
      );
    },
    /** A price as if made earlier in the Stripe dashboard; answers the stored price. */
    addPrice(price: { currency: string; unit_amount: number; lookup_key: string | null; interval?: string }) {
      const stored: FakePrice = {
        id: newId("price"),
        object: "price",
        active: true,
        currency: price.currency,
        unit_amount: price.unit_amount,
        recurring: { interval: price.interval ?? "month", interval_count: 1 },
        lookup_key: price.lookup_key,
        product: newId("prod"),
        type: "recurring",
        livemode: false,
      };
      prices.unshift(stored);
      return stored;
    },
    /** A subscription that GET /v1/subscriptions/{id} answers; periods in Unix seconds. */
    addSubscription(subscription: Partial<FakeSubscription> & { id: string }) {
      const start = subscription.current_period_start ?? nowSeconds();
      const full: FakeSubscription = {
        customer: null,
        status: "active",
        current_period_start: start,
        current_period_end: subscription.current_period_end ?? start + 30 * 24 * 3600,
        cancel_at_period_end: false,
        ...subscription,
      };
      subscriptions.set(full.id, full);
      return full;
    },
    subscription(id: string) {
      return subscriptions.get(id);
    },
    /** Makes every request of `method` to a path matching `path` answer `status` with a Stripe error. */
    fail(method: string, path: RegExp, status = 500) {
      failures.push({ method, path, status });
    },
    /**
     * Holds back the answer to the next request of `method` to a path matching `path`:
     * `arrived` settles once that request is here, and it is answered after `release()`.
     */
    hold(method: string, path: RegExp) {
      let arrived!: () => void;
      let release!: () => void;
      const here = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ method, path, taken: false, arrived, released, release });
      return { arrived: here, release };
    },
    /** Forgets recorded requests (and, with `everything`, prices, subscriptions and failures); releases held answers. */
    reset({ everything = false } = {}) {
      requests.length = 0;
      failures = [];
      for (const hold of holds) hold.release();
      holds = [];
      if (everything) {
        prices.length = 0;
        subscriptions.clear();
      }
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/**
 * The webhook secret the sandbox checkout once derived from SESSION_SECRET when Stripe had none:
 * anyone holding the session secret could sign events with it. Tests forge signatures with it
 * to show that nothing accepts them any more.
 */
export function formerSandboxSecret(sessionSecret = process.env.SESSION_SECRET!.split(",")[0]!) {
  return `whsec_sandbox_${createHmac("sha256", sessionSecret).update("asiiko-sandbox-webhook").digest("hex")}`;
}
