import { intentGuard } from "~/lib/page-reply";
import { optionalText, text } from "~/lib/text";
import { z } from "~/lib/zod";
import { MODERATION_NOTE_MAX, REPORT_REASONS, RESOLVE_ACTIONS, TRADE_ACTIONS } from "./constants";

// What reporting a listing and moderating it take: the reason and an optional note of a report;
// the action and its note (required when the seller is told why: a hide or a suspension).

const note = optionalText(
  text({
    max: MODERATION_NOTE_MAX,
    tooLong: "moderation.errors.noteTooLong",
    required: "moderation.errors.noteInvalid",
  }),
);

/** POST /api/market/listings/{id}/reports. */
export const reportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: "reports.errors.reason" }),
  note,
});
export type ReportInput = z.infer<typeof reportSchema>;

/** POST /api/admin/reports/{id}/resolve: a hide or a suspension says why (the seller is shown it). */
export const resolveSchema = z
  .strictObject({
    action: z.enum(RESOLVE_ACTIONS, { error: "moderation.errors.action" }),
    note,
  })
  .refine((input) => input.action === "dismiss" || Boolean(input.note), {
    message: "moderation.errors.noteRequired",
    path: ["note"],
  });
export type ResolveInput = z.infer<typeof resolveSchema>;

/** POST /api/admin/users/{id}/unsuspend: an optional note. */
export const unsuspendSchema = z.strictObject({ note });
export type UnsuspendInput = z.infer<typeof unsuspendSchema>;

/** POST /api/admin/trade-reports/{id}/resolve: a dispute's settlement, or a message's or review's fate. */
export const tradeResolveSchema = z.strictObject({
  action: z.enum(TRADE_ACTIONS, { error: "moderation.errors.tradeAction" }),
  note,
});
export type TradeResolveInput = z.infer<typeof tradeResolveSchema>;

/** What the moderation page's forms ask of its action (`intent`). */
export const MODERATION_INTENTS = ["resolve", "unsuspend", "trade"] as const;
export type ModerationIntent = (typeof MODERATION_INTENTS)[number];
export const isModerationIntent = intentGuard(MODERATION_INTENTS);
