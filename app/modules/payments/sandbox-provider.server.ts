import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isDemoMode, sessionSecrets } from "~/env.server";
import type { PaymentProvider } from "./provider";
import { readStripeEvent, verifyStripeSignedEvent } from "./stripe-provider.server";
import { webhooks } from "./stripe.server";

// The built-in sandbox (demo mode only) behind the payment provider interface.
// Its checkout is our own page, reached with a signed, expiring session token;
// its 'Pay' makes the event Stripe would send, in Stripe's shape and signed the
// same way, so it takes the same path through the webhook receiver and the
// worker. It has no server to ask: a subscription is paid for one month from
// its checkout, and cancelling tells nobody. Outside demo mode it verifies no
// event, and the worker applies none of the events stored under its name.

// The sandbox signs its events with a secret of its own, made when the process starts: the web
// process whose 'Pay' signs an event is the one that verifies it, in the same request, and no one
// outside it (nor Stripe's endpoint) can make an event it accepts.
const SANDBOX_SIGNING_SECRET = `whsec_sandbox_${randomBytes(32).toString("hex")}`;

export interface SandboxSession {
  sid: string;
  uid: string;
  amt: number;
  exp: number;
  /** The path to come back to after paying or cancelling (a safe path of this site). */
  ret?: string;
}

function sandboxSignature(body: string) {
  return createHmac("sha256", sessionSecrets()[0]!).update(`sandbox-checkout.${body}`).digest("base64url");
}

export function signSandboxSession(session: SandboxSession) {
  const body = Buffer.from(JSON.stringify(session)).toString("base64url");
  return `${body}.${sandboxSignature(body)}`;
}

/** The sandbox session in a checkout address, if it is genuine, unexpired and the user's own. */
export function readSandboxSession(token: string | null, userId: string): SandboxSession | null {
  const [body, signature] = (token ?? "").split(".");
  if (!body || !signature) return null;
  const expected = Buffer.from(sandboxSignature(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const session = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SandboxSession;
    return session.uid === userId && session.exp > Date.now() ? session : null;
  } catch {
    return null;
  }
}

/** The signed checkout.session.completed event that paying a sandbox session sends. */
export function sandboxCheckoutEvent(session: SandboxSession) {
  const now = Math.floor(Date.now() / 1000);
  // Ids follow from the checkout session, so paying the same link twice (a
  // double tap, or Back then Pay) is one event and one subscription.
  const event = {
    id: `evt_sandbox_${session.sid}`,
    object: "event",
    api_version: "2025-01-01",
    created: now,
    livemode: false,
    type: "checkout.session.completed",
    data: {
      object: {
        id: session.sid,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        currency: "ngn",
        amount_total: session.amt * 100,
        client_reference_id: session.uid,
        customer: `cus_sandbox_${session.uid}`,
        subscription: `sub_sandbox_${session.sid}`,
        metadata: { userId: session.uid, provider: "sandbox" },
      },
    },
  };
  const payload = JSON.stringify(event);
  const signature = webhooks().generateTestHeaderString({ payload, secret: SANDBOX_SIGNING_SECRET });
  return { eventId: event.id, payload, signature };
}

function addOneMonth(date: Date) {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  methods: ["card"],

  async createCheckout({ userId, amountNgn, returnPath }) {
    const token = signSandboxSession({
      sid: `cs_sandbox_${randomBytes(12).toString("hex")}`,
      uid: userId,
      amt: amountNgn,
      exp: Date.now() + 3600_000,
      ret: returnPath,
    });
    // A page of our own: a path, so the browser stays on the address it came by (127.0.0.1, a
    // phone's view of this machine on the local network), where its session cookie is.
    return { checkoutUrl: `/checkout/sandbox?session=${encodeURIComponent(token)}` };
  },

  verifyEvent(rawBody, signature) {
    return isDemoMode() ? verifyStripeSignedEvent(rawBody, signature, SANDBOX_SIGNING_SECRET) : null;
  },
  readEvent: readStripeEvent,

  async fetchSubscription({ startedAt }) {
    return { status: "active", period: { start: startedAt, end: addOneMonth(startedAt) } };
  },

  async cancelAtPeriodEnd() {},
};
