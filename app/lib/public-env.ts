// The configuration values the browser may see, with their defaults: the one
// place the support address and the premium price fall back to.

export interface PublicEnv {
  SUPPORT_EMAIL: string;
  PREMIUM_PRICE_NGN: number;
  /** A support telephone number as it should be shown (e.g. "+234 803 123 4567"); none unless configured. */
  SUPPORT_PHONE: string | null;
  /** Demo mode (DEMO_MODE=1): every page says so in a banner. */
  DEMO_MODE: boolean;
  /** Whether a payment provider takes checkouts; without one the upgrade buttons say payments are not set up. */
  PAYMENTS_AVAILABLE: boolean;
  /** The ways to pay checkout offers: card (renews monthly), transfer (30 days by bank transfer or USSD). */
  PAYMENT_METHODS: ("card" | "transfer")[];
}

export const PUBLIC_ENV_DEFAULTS: PublicEnv = {
  SUPPORT_EMAIL: "support@asiiko.ng",
  PREMIUM_PRICE_NGN: 15000,
  SUPPORT_PHONE: null,
  DEMO_MODE: false,
  PAYMENTS_AVAILABLE: false,
  PAYMENT_METHODS: [],
};

/** The tel: link of a displayed number: its digits, with the leading + kept. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
