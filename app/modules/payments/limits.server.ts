import { perUser, type GateOptions } from "~/modules/auth/gates.server";

/**
 * How often one account may start a payment, come back from one or ask for the card page: each is
 * a call to the payment provider, so a script cannot spend the site's standing with it.
 */
export const PAYMENT_CALLS: GateOptions = {
  limits: perUser({ name: "payment-calls", max: 30, windowSeconds: 15 * 60 }),
};
