import { describe, expect, it } from "vitest";
import { ignoredPayment, isIgnoredPaymentReason, paymentMismatch } from "./payment-match";

// The one rule every provider's payment goes through before it grants anything.

describe("paymentMismatch", () => {
  const sold = { amountKobo: 1_500_000, plan: "PLN_sold" };

  it("accepts exactly the plan, the currency (in any case) and the amount sold", () => {
    expect(paymentMismatch({ amountKobo: 1_500_000, currency: "NGN", plan: "PLN_sold" }, sold)).toBeNull();
    expect(paymentMismatch({ amountKobo: 1_500_000, currency: "ngn", plan: "PLN_sold" }, sold)).toBeNull();
  });

  it("names the plan first: a one-naira charge of another plan is the wrong plan", () => {
    expect(paymentMismatch({ amountKobo: 100, currency: "NGN", plan: "PLN_other" }, sold)).toBe("wrong_plan");
    expect(paymentMismatch({ amountKobo: 1_500_000, currency: "NGN", plan: null }, sold)).toBe("wrong_plan");
  });

  it("matches no plan when the subscription has none recorded", () => {
    const unknown = { amountKobo: 1_500_000, plan: null };
    expect(paymentMismatch({ amountKobo: 1_500_000, currency: "NGN", plan: "PLN_sold" }, unknown)).toBe("wrong_plan");
  });

  it("leaves the plan out when there is none to compare (a one-off started here)", () => {
    const oneOff = { amountKobo: 1_500_000 };
    expect(paymentMismatch({ amountKobo: 1_500_000, currency: "NGN", plan: "PLN_any" }, oneOff)).toBeNull();
  });

  it("refuses another currency, none, and any other amount, more or less", () => {
    expect(paymentMismatch({ amountKobo: 1_500_000, currency: "USD", plan: "PLN_sold" }, sold)).toBe("wrong_currency");
    expect(paymentMismatch({ amountKobo: 1_500_000, currency: null, plan: "PLN_sold" }, sold)).toBe("wrong_currency");
    for (const amountKobo of [100, 1_499_999, 1_500_001, 3_000_000, null])
      expect(paymentMismatch({ amountKobo, currency: "NGN", plan: "PLN_sold" }, sold), String(amountKobo)).toBe(
        "wrong_amount",
      );
  });
});

describe("ignoredPayment", () => {
  it("keeps what was paid beside what was expected", () => {
    expect(
      ignoredPayment(
        "wrong_plan",
        { reference: "T1", amountKobo: 100, currency: "NGN", plan: "PLN_other" },
        { amountKobo: 1_500_000, plan: "PLN_sold" },
      ),
    ).toEqual({
      reason: "wrong_plan",
      facts: {
        reference: "T1",
        amountKobo: 100,
        currency: "NGN",
        plan: "PLN_other",
        expectedKobo: 1_500_000,
        expectedPlan: "PLN_sold",
      },
    });
    expect(isIgnoredPaymentReason("wrong_amount")).toBe(true);
    expect(isIgnoredPaymentReason("anything else")).toBe(false);
  });
});
