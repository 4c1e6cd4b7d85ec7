import { text } from "~/lib/text";
import { z } from "~/lib/zod";

// What the payments routes accept.

/**
 * POST /api/subscription/checkout: an optional page to come back to (kept only when it is a safe
 * path of this site) and the way to pay: card (renews monthly, the default) or transfer (30 days).
 */
export const checkoutRequestSchema = z.object({
  returnTo: text({ max: 2048, trim: false }).optional(),
  method: z.enum(["card", "transfer"]).optional(),
});
