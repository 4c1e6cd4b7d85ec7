import type { Limit } from "~/server/rate-limit.server";

// Reports and moderation: the fixed lists (as the database's enums name them) and limits. The
// browser reads them too (the report dialog, the moderation page), so nothing here is server-only.

/** Why a user reports a listing: scam or fraud, wrong or misleading, prohibited item, duplicate, offensive, other. */
export const REPORT_REASONS = ["scam", "misleading", "prohibited", "duplicate", "offensive", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What an administrator does with a listing's open reports. */
export const RESOLVE_ACTIONS = ["dismiss", "hide_listing", "suspend_seller"] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

/** Every kind of recorded action (the three above, lifting a suspension, the three-reports rule's hide, and trade reports' outcomes). */
export const MODERATION_KINDS = [
  "dismiss",
  "hide_listing",
  "suspend_seller",
  "unsuspend",
  "auto_hide",
  "hide_message",
  "hide_review",
  "complete_order",
  "cancel_order",
] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

/** A report's note and a moderator's note: characters stored (VarChar(1000)). */
export const MODERATION_NOTE_MAX = 1000;

/**
 * Open reports from this many different users with verified phones hide a listing at once, until
 * an administrator looks (a number can be verified on one account only, so each is a real phone).
 */
export const AUTO_HIDE_REPORTERS = 3;

/** Reports one user may send in an hour: plenty for a buyer who meets a scam, too few to flood moderators. */
export const REPORT_LIMIT: Limit = { name: "listing-reports", max: 10, windowSeconds: 3600 };

/** Listings with open reports shown at once on the moderation page (and GET /api/admin/reports), newest first. */
export const MODERATION_PAGE_SIZE = 50;

/** What an administrator may do with a trade report, by its kind: a dispute is settled one way or the other. */
export const TRADE_RESOLVE_ACTIONS = {
  dispute: ["complete_order", "cancel_order"],
  message: ["dismiss", "hide_message"],
  review: ["dismiss", "hide_review"],
} as const;
export const TRADE_ACTIONS = ["dismiss", "hide_message", "hide_review", "complete_order", "cancel_order"] as const;
export type TradeAction = (typeof TRADE_ACTIONS)[number];

/** Why a user reports a review: the listing reasons serve (offensive, misleading, scam...). */
export const TRADE_REPORT_LIMIT: Limit = { name: "trade-reports", max: 10, windowSeconds: 3600 };
