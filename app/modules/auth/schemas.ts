import { z } from "~/lib/zod";
import { OCCUPATIONS, PASSWORD_MIN_LENGTH, USERNAME_LENGTH } from "~/modules/auth/constants";
import { normaliseNigerianPhone } from "~/lib/phone";
import { isStorableText, optionalText, text } from "~/lib/text";

// One schema per form, used by the page (instant validation) and by the server
// (the authority). Messages are translation keys; each side shows them in the
// reader's language. Every string is a text() (app/lib/text.ts): what passes
// can be stored, and its length is checked as it is stored.

/**
 * Usernames are stored lower-cased (VarChar(50)), so the length is checked
 * after lower-casing: 50 "İ" are 100 characters once lower-cased.
 */
const username = text({
  min: USERNAME_LENGTH.min,
  max: USERNAME_LENGTH.max,
  lowerCase: true,
  required: "auth.errors.usernameRequired",
  tooShort: "auth.errors.usernameLength",
  tooLong: "auth.errors.usernameLength",
});

/** Letters (with their accents and tone marks, as Yoruba writes them), digits, dots, dashes and underscores. */
const USERNAME_FORMAT = /^(?:[\p{L}\p{N}]\p{M}*|[._-])+$/u;

// Passwords are kept as typed: not trimmed, and normalised only where they are
// hashed (password.server.ts, NFKC), as before; but never with NUL or a lone
// surrogate, which would hash the same as U+FFFD.
const password = (min: number, max: number) =>
  text({
    min,
    max,
    trim: false,
    normalize: false,
    required: "auth.errors.passwordRequired",
    tooShort: "auth.errors.passwordTooShort",
    tooLong: "auth.errors.passwordTooLong",
  });

export const loginSchema = z.object({
  username,
  password: password(1, 1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

const name = (requiredKey: string) =>
  text({ min: 1, max: 100, required: requiredKey, tooLong: "auth.errors.nameTooLong" });

/** Optional: an empty field means no e-mail. Stored lower-cased (VarChar(254)). */
const email = optionalText(
  text({ max: 254, lowerCase: true, required: "auth.errors.emailInvalid", tooLong: "auth.errors.emailInvalid" }).regex(
    z.regexes.email,
    "auth.errors.emailInvalid",
  ),
);

/** Optional: an empty choice means not said (null); anything but the four words is refused. */
const occupation = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.enum(OCCUPATIONS, { message: "auth.errors.occupationInvalid" }).nullish(),
);

export const registerSchema = z.object({
  firstName: name("auth.errors.firstNameRequired"),
  lastName: name("auth.errors.lastNameRequired"),
  username: username.regex(USERNAME_FORMAT, "auth.errors.usernameFormat"),
  email,
  password: password(PASSWORD_MIN_LENGTH, 128),
  occupation,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * Where to go after signing in: only paths of this site, never another
 * origin, and always as the address parser writes it (percent-encoded ASCII),
 * so it can stand in a Location header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  const path = sitePath(to);
  if (path === null || path.startsWith("/auth") || path.startsWith("/api/")) return fallback;
  return path;
}

/** A path of this site as the address parser writes it, or null for anything else (another origin, control characters...). */
export function sitePath(to: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return null;
  if (to.length > 2048 || !isStorableText(to) || /[\p{Cc}\\]/u.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, "http://asiiko.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://asiiko.invalid") return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? null : path;
}

export const profileSchema = z.object({
  firstName: name("auth.errors.firstNameRequired"),
  lastName: name("auth.errors.lastNameRequired"),
  email,
  occupation,
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: password(1, 1024),
  newPassword: password(PASSWORD_MIN_LENGTH, 128),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The 4-digit PIN of the USSD menu, chosen again on Profile (forgotten, or locked after five wrong ones). */
export const ussdPinSchema = z.object({
  pin: text({ min: 1, max: 8, required: "ussdPin.invalid", tooLong: "ussdPin.invalid" }).refine(
    (value) => /^\d{4}$/.test(value),
    "ussdPin.invalid",
  ),
});

/** An account without a password yet (made on a basic phone) chooses its first: no current one to give. */
export const passwordSetSchema = z.object({
  newPassword: password(PASSWORD_MIN_LENGTH, 128),
});

/**
 * The seller's phone (Profile): a Nigerian mobile number as people write it,
 * kept in E.164 (+2348031234567).
 */
export const phoneSchema = z.object({
  phone: text({ min: 1, max: 32, required: "contact.errors.phoneRequired", tooLong: "contact.errors.phoneInvalid" })
    .refine((value) => normaliseNigerianPhone(value) !== null, "contact.errors.phoneInvalid")
    .transform((value) => normaliseNigerianPhone(value) ?? value),
});
export type PhoneInput = z.infer<typeof phoneSchema>;

/** The catalogue code of a phone problem: a missing number is a required field, anything else an invalid phone. */
export const phoneIssueCode = (issue: { code: string; message?: string }) =>
  issue.message === "contact.errors.phoneRequired" ? "VLD_REQUIRED_FIELD" : "VLD_INVALID_PHONE";

// What the pages' forms ask of their actions: in constants.ts, which carries no zod to the
// pages that only need these names (settings' signed-in devices).
export {
  AUTH_INTENTS,
  DEVICE_SIGN_OUT,
  PROFILE_INTENTS,
  SETTINGS_INTENTS,
  type AuthIntent,
  type ProfileIntent,
  type SettingsIntent,
} from "~/modules/auth/constants";
