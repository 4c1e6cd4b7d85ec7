import { optionalText, text } from "~/lib/text";
import { z } from "~/lib/zod";

// A review: 1 to 5 stars and an optional short text; the seller's answer.

export const REVIEW_TEXT_MAX = 500;
/** Reviews on one page of a seller's reviews. */
export const REVIEWS_PAGE_SIZE = 20;

export const reviewSchema = z.strictObject({
  rating: z
    .number({ error: "reviews.errors.rating" })
    .int("reviews.errors.rating")
    .min(1, "reviews.errors.rating")
    .max(5, "reviews.errors.rating"),
  text: optionalText(
    text({ max: REVIEW_TEXT_MAX, tooLong: "reviews.errors.textTooLong", required: "reviews.errors.textTooLong" }),
  ),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

export const replySchema = z.strictObject({
  reply: text({
    min: 1,
    max: REVIEW_TEXT_MAX,
    required: "reviews.errors.replyRequired",
    tooLong: "reviews.errors.textTooLong",
  }),
});

export const reviewPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});
