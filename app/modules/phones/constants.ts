// How phone codes are limited (isomorphic: the Profile form says the same numbers).

/** Digits in a code. */
export const CODE_LENGTH = 6;
/** How long a code can be typed. */
export const CODE_MINUTES = 10;
/** Wrong tries before a code is spent. */
export const CODE_TRIES = 5;

/**
 * Codes sent: per number (so nobody is flooded with texts), per account (cost), and per network
 * address (many phones share one address on Nigerian mobile networks, so it is loose).
 */
export const CODE_LIMITS = {
  perPhone: { max: 3, windowMs: 60 * 60_000, message: "phoneCheck.errors.tooManyForPhone" },
  perAccount: { max: 5, windowMs: 24 * 60 * 60_000, message: "phoneCheck.errors.tooManyForAccount" },
  perAddress: { name: "phone-codes-ip", max: 30, windowSeconds: 60 * 60 },
} as const;

/** Confirmations tried, per account: five tries per code already bound guessing; this bounds the work. */
export const CONFIRM_LIMIT = { name: "phone-confirm", max: 30, windowSeconds: 15 * 60 } as const;
