import { recordId, text } from "~/lib/text";
import { z } from "~/lib/zod";

// GET /api/prices?product_id=&town=&weeks=: a catalogue product, optionally one town (its weeks as a
// series), and how many weeks back (1 to 52, 12 unless said).

export const pricesQuerySchema = z.strictObject({
  product_id: recordId("prices.errors.product"),
  town: text({ max: 100, required: "prices.errors.town", tooLong: "prices.errors.town" }).optional(),
  weeks: z.coerce
    .number({ error: "prices.errors.weeks" })
    .int("prices.errors.weeks")
    .min(1, "prices.errors.weeks")
    .max(52, "prices.errors.weeks")
    .default(12),
});
export type PricesQuery = z.infer<typeof pricesQuerySchema>;
