import { z } from "~/lib/zod";
import { text } from "~/lib/text";

// The footer newsletter's forms: an e-mail address to subscribe (stored
// lower-cased, VarChar(254)), and the random token of an unsubscribe link.

export const newsletterSchema = z.object({
  email: text({
    max: 254,
    lowerCase: true,
    required: "auth.errors.emailInvalid",
    tooLong: "auth.errors.emailInvalid",
  }).regex(z.regexes.email, "auth.errors.emailInvalid"),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** An unsubscribe token as the server makes them: 32 random bytes, base64url (43 characters). */
export const NEWSLETTER_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const isNewsletterToken = (value: unknown): value is string =>
  typeof value === "string" && NEWSLETTER_TOKEN.test(value);
