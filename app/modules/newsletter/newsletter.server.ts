import { randomBytes } from "node:crypto";
import { publicOrigin } from "~/env.server";
import type { LanguageCode } from "~/lib/i18n";
import { prisma } from "~/server/db.server";
import { hitRateLimits } from "~/server/rate-limit.server";
import { validate } from "~/server/validation";
import { NEWSLETTER_CSV_COLUMNS, NEWSLETTER_LIMITS } from "./constants";
import { isNewsletterToken, newsletterSchema } from "./schemas";
import { isDatabaseRefusal } from "~/server/db-errors";

// The footer newsletter: one row per address. Subscribing again changes only
// the language, and answers the same as the first time, so the answer never
// tells whether an address was known. Leaving deletes the row; the link that
// does it carries a random token (given to whoever sends the letters, in the
// administrators' export), never the address.

const newToken = () => randomBytes(32).toString("base64url");

/** Counts a subscription attempt against the address's limit (before validating, so junk counts too). */
export async function limitSubscribe(clientIp: string) {
  await hitRateLimits([{ limit: NEWSLETTER_LIMITS.subscribePerIp, key: clientIp }]);
}

/** Counts an unsubscribe attempt against the address's limit (tokens are not guessed cheaply). */
export async function limitUnsubscribe(clientIp: string) {
  await hitRateLimits([{ limit: NEWSLETTER_LIMITS.unsubscribePerIp, key: clientIp }]);
}

/** Subscribes an address (400 VLD_INVALID_EMAIL for anything but an e-mail address); repeats are idempotent. */
export async function subscribeToNewsletter(input: unknown, language: LanguageCode) {
  const { email } = validate(newsletterSchema, input);
  try {
    await prisma.newsletterSubscription.upsert({
      where: { email },
      create: { email, language, token: newToken() },
      update: { language },
    });
  } catch (error) {
    // The same address sent twice at once: the other request stored it.
    if (!isDatabaseRefusal(error, "P2002")) throw error;
  }
  return { email };
}

/** Ends the subscription of an unsubscribe link's token; a token that matches nothing changes nothing, silently. */
export async function unsubscribeFromNewsletter(token: string) {
  if (!isNewsletterToken(token)) return;
  await prisma.newsletterSubscription.deleteMany({ where: { token } });
}

/** The unsubscribe link of a token, built from PUBLIC_URL. */
export const unsubscribeUrl = (token: string) => `${publicOrigin()}/newsletter/unsubscribe/${token}`;

/** One CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The administrators' export: every subscription, oldest first, with its unsubscribe link. */
export async function newsletterCsv(adminId: string) {
  await hitRateLimits([{ limit: NEWSLETTER_LIMITS.exportPerAdmin, key: adminId }]);
  const rows = await prisma.newsletterSubscription.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { email: true, language: true, token: true, createdAt: true },
  });
  const lines = [
    NEWSLETTER_CSV_COLUMNS.join(","),
    ...rows.map((row) =>
      [row.email, row.language, row.createdAt.toISOString(), unsubscribeUrl(row.token)].map(csvField).join(","),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
