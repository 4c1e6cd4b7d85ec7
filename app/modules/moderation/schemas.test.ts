import { describe, expect, it } from "vitest";
import { reportSchema, resolveSchema, unsuspendSchema } from "./schemas";

describe("report and moderation schemas", () => {
  it("take a report's reason from the list and an optional note of at most 1,000 characters", () => {
    expect(reportSchema.parse({ reason: "scam" })).toEqual({ reason: "scam" });
    expect(reportSchema.parse({ reason: "other", note: "  Photo of yam  " })).toEqual({
      reason: "other",
      note: "Photo of yam",
    });
    expect(reportSchema.parse({ reason: "duplicate", note: "   " }).note).toBeUndefined();
    expect(reportSchema.safeParse({ reason: "boring" }).success).toBe(false);
    expect(reportSchema.safeParse({ reason: "scam", note: "ẹ".repeat(1001) }).success).toBe(false);
    expect(reportSchema.safeParse({ reason: "scam", note: "yam\u0000" }).success).toBe(false);
    expect(reportSchema.safeParse({ reason: "scam", note: "yam\ud800" }).success).toBe(false);
    // Nothing else: not who reports, not whose listing.
    expect(reportSchema.safeParse({ reason: "scam", reporterId: "x" }).success).toBe(false);
  });

  it("need a reason for a hide or a suspension (the seller is shown it), not for a dismissal", () => {
    expect(resolveSchema.safeParse({ action: "dismiss" }).success).toBe(true);
    const hide = resolveSchema.safeParse({ action: "hide_listing" });
    expect(hide.success).toBe(false);
    expect(hide.error?.issues[0]).toMatchObject({ path: ["note"], message: "moderation.errors.noteRequired" });
    expect(resolveSchema.safeParse({ action: "suspend_seller", note: " " }).success).toBe(false);
    expect(resolveSchema.parse({ action: "suspend_seller", note: "Scams" })).toEqual({
      action: "suspend_seller",
      note: "Scams",
    });
    expect(resolveSchema.safeParse({ action: "unsuspend", note: "x" }).success).toBe(false);
    expect(unsuspendSchema.parse({})).toEqual({});
  });

  it("check a lifted suspension's note as stored text too", () => {
    expect(unsuspendSchema.parse({ note: " Appeal accepted " })).toEqual({ note: "Appeal accepted" });
    expect(unsuspendSchema.safeParse({ note: "a\u0000" }).success).toBe(false);
    expect(unsuspendSchema.safeParse({ note: "x".repeat(1001) }).success).toBe(false);
  });
});
