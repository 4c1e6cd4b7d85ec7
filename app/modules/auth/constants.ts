import type { Limit } from "~/server/rate-limit.server";

// Accounts: the lengths of names and passwords, how often one may try to sign in or
// register, and how long the account remembers the browsers it was signed in from.

export const USERNAME_LENGTH = { min: 3, max: 50 } as const;
export const PASSWORD_MIN_LENGTH = 8;

/** What people may say they are (optional): stored as these words (prisma enum Occupation). */
export const OCCUPATIONS = ["farmer", "buyer", "herbalist", "trader"] as const;
export type Occupation = (typeof OCCUPATIONS)[number];

/** The translation key of what the product calls a person: administrator, what they said they are, or 'Member'. */
export function occupationLabelKey(user: { isAdmin: boolean; occupation: Occupation | null }) {
  if (user.isAdmin) return "nav.roleAdmin";
  return user.occupation ? `nav.occupations.${user.occupation}` : "nav.roleMember";
}

// Limits per address are generous because many Nigerian mobile users share one
// carrier address, and a training session in a village hall signs up dozens of farmers
// on one hotspot. Guessing one account's password is slowed per account instead
// (SIGN_IN_PACE), except from a browser that has signed in to it before.
export const AUTH_LIMITS = {
  loginPerIp: { name: "login-ip", max: 100, windowSeconds: 15 * 60 },
  /** A browser that signed in to the account before: its own 10 in 15 minutes, which lock only it. */
  loginPerKnownDevice: { name: "login-device", max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { name: "register-ip", max: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/**
 * How fast one account's password may be guessed from browsers it does not know (every
 * address and device together): the first `freeFailures` wrong passwords cost nothing; each
 * one after waits before the next attempt, `firstWaitSeconds` doubling up to
 * `longestWaitSeconds`. A greedy guesser gets 99 tries in the first hour and 90 an hour after
 * (sign-in-pace.test.ts proves the bound); the owner on a new phone waits at most 40 seconds.
 * The count is forgotten after `forgetAfterSeconds` without an attempt.
 */
export const SIGN_IN_PACE = {
  freeFailures: 5,
  firstWaitSeconds: 1,
  longestWaitSeconds: 40,
  forgetAfterSeconds: 15 * 60,
  /** What the schedule must never allow: guesses against one account in any hour. */
  guessesPerHourAtMost: 100,
} as const;

/** The device cookie and the browsers an account remembers. */
export const DEVICES = {
  cookieName: "asiiko-device",
  /** The cookie outlives many sign-ins; what the account remembers of it expires on its own. */
  cookieDays: 365,
  /** A browser is known for this long after its last sign-in to the account. */
  knownDays: 90,
  /** The most browsers one account remembers (the least recently signed-in is forgotten first). */
  perAccount: 20,
} as const;

/** A session's 'last seen' is written at most this often, so a page view does not always write. */
export const SESSION_SEEN_EVERY_SECONDS = 5 * 60;

/**
 * Settings' signed-in devices: sign out one other device (its public id in `session`),
 * every other one, or every one, this one included (answered with a redirect to sign in).
 */
export const DEVICE_SIGN_OUT = {
  device: "sign-out-device",
  others: "sign-out-others",
  everywhere: "sign-out-everywhere",
} as const;

/** What the profile page's forms ask of its action (`intent`). */
export const PROFILE_INTENTS = ["profile", "password", "phone", "verify-phone", "remove-phone", "ussd-pin"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** What the settings page asks of its action: stop the plan's renewal, or sign devices out (everywhere answers with a redirect). */
export const SETTINGS_INTENTS = [
  "cancel",
  DEVICE_SIGN_OUT.device,
  DEVICE_SIGN_OUT.others,
  DEVICE_SIGN_OUT.everywhere,
] as const;
export type SettingsIntent = Exclude<(typeof SETTINGS_INTENTS)[number], typeof DEVICE_SIGN_OUT.everywhere>;

/** The sign-in page's two forms. */
export const AUTH_INTENTS = ["login", "register"] as const;
export type AuthIntent = (typeof AUTH_INTENTS)[number];
