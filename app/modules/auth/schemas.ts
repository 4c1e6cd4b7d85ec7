import { z } from "zod";
import { LIMITS } from "~/lib/catalog";

// One schema per form, used by the page (instant validation) and by the server
// (the authority). Messages are translation keys; each side shows them in the
// reader's language.

const username = z
  .string({ error: "auth.errors.usernameRequired" })
  .trim()
  .min(1, "auth.errors.usernameRequired")
  .min(LIMITS.usernameMinLength, "auth.errors.usernameLength")
  .max(LIMITS.usernameMaxLength, "auth.errors.usernameLength");

export const loginSchema = z.object({
  username,
  password: z.string({ error: "auth.errors.passwordRequired" }).min(1, "auth.errors.passwordRequired").max(1024, "auth.errors.passwordTooLong"),
});
export type LoginInput = z.infer<typeof loginSchema>;

const name = (requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(100, "auth.errors.nameTooLong");

export const registerSchema = z.object({
  firstName: name("auth.errors.firstNameRequired"),
  lastName: name("auth.errors.lastNameRequired"),
  username: username.regex(/^[\p{L}\p{N}._-]+$/u, "auth.errors.usernameFormat"),
  // Optional: an empty field means no e-mail.
  email: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.email("auth.errors.emailInvalid").max(254, "auth.errors.emailInvalid").optional().nullable(),
  ),
  password: z
    .string({ error: "auth.errors.passwordRequired" })
    .min(1, "auth.errors.passwordRequired")
    .min(LIMITS.passwordMinLength, "auth.errors.passwordTooShort")
    .max(128, "auth.errors.passwordTooLong"),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Where to go after signing in: only paths of this site, never another origin. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (to.startsWith("/auth") || to.startsWith("/api/")) return fallback;
  return to;
}

const newPassword = z
  .string({ error: "auth.errors.passwordRequired" })
  .min(1, "auth.errors.passwordRequired")
  .min(LIMITS.passwordMinLength, "auth.errors.passwordTooShort")
  .max(128, "auth.errors.passwordTooLong");

export const profileSchema = z.object({
  firstName: name("auth.errors.firstNameRequired"),
  lastName: name("auth.errors.lastNameRequired"),
  email: registerSchema.shape.email,
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: "auth.errors.passwordRequired" }).min(1, "auth.errors.passwordRequired"),
  newPassword,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
