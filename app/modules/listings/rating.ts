// A seller's rating as everyone is shown it: the average of their shown reviews, to one decimal,
// and how many there are. Pure, so cards, pages and the API say the same.

export interface SellerRating {
  /** Null without a review. */
  average: number | null;
  count: number;
}

export const ratingOf = (count: number, stars: number): SellerRating => ({
  count,
  average: count > 0 ? Math.round((stars / count) * 10) / 10 : null,
});
