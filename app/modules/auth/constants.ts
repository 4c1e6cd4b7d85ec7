import type { Limit } from "~/server/rate-limit.server";

// Accounts: the lengths of names and passwords, and how often one may try to
// sign in or register.

export const USERNAME_LENGTH = { min: 3, max: 50 } as const;
export const PASSWORD_MIN_LENGTH = 8;

// Limits per address are generous because many Nigerian mobile users share one
// carrier address, and a training session in a village hall signs up dozens of farmers
// on one hotspot; the limit per username stops password guessing against one account.
export const AUTH_LIMITS = {
  loginPerIp: { name: "login-ip", max: 100, windowSeconds: 15 * 60 },
  loginPerUsername: { name: "login-user", max: 10, windowSeconds: 15 * 60 },
  loginPerUsernameAtKnownAddress: { name: "login-user-known", max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { name: "register-ip", max: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;
