import type { Limit } from "~/server/rate-limit.server";

// How often one address may subscribe (a village hotspot shares one), and how
// much a subscribe form may send (an e-mail address and little else).
export const NEWSLETTER_LIMITS = {
  subscribePerIp: { name: "newsletter-ip", max: 30, windowSeconds: 15 * 60 },
  unsubscribePerIp: { name: "newsletter-leave-ip", max: 30, windowSeconds: 15 * 60 },
  exportPerAdmin: { name: "newsletter-export", max: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

export const NEWSLETTER_MAX_BYTES = 2 * 1024;

/** The columns of the administrators' CSV export, in order. */
export const NEWSLETTER_CSV_COLUMNS = ["email", "language", "subscribed_at", "unsubscribe_url"] as const;
