import { perUser, type GateOptions } from "~/modules/auth/gates.server";
import type { Limit } from "~/server/rate-limit.server";

/**
 * How often one account may start a payment or ask for the card page: each is a call to the payment
 * provider, so a script cannot spend the site's standing with it.
 */
export const PAYMENT_CALLS: GateOptions = {
  limits: perUser({ name: "payment-calls", max: 30, windowSeconds: 15 * 60 }),
};

/** How often one account's returns from checkout are verified with the provider (past it, the event decides). */
export const RETURN_VERIFICATIONS: Limit = { name: "payment-returns", max: 20, windowSeconds: 15 * 60 };
