import { recordId } from "~/lib/text";
import { z } from "~/lib/zod";
import type { Limit } from "~/server/rate-limit.server";

// Marking notifications read: these ids (at most a page's worth), or every one.

export const markReadSchema = z.strictObject({
  ids: z
    .array(recordId("notifications.errors.ids"), { error: "notifications.errors.ids" })
    .max(100, "notifications.errors.ids")
    .optional(),
});

/** Marks one account may ask for in a minute. */
export const NOTIFICATION_READ_LIMIT: Limit = { name: "notifications-read", max: 60, windowSeconds: 60 };
