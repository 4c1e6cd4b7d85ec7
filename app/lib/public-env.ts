// The configuration values the browser may see, with their defaults: the one
// place the support address and the premium price fall back to.

export interface PublicEnv {
  SUPPORT_EMAIL: string;
  PREMIUM_PRICE_NGN: number;
}

export const PUBLIC_ENV_DEFAULTS: PublicEnv = {
  SUPPORT_EMAIL: "support@asiiko.ng",
  PREMIUM_PRICE_NGN: 15000,
};
