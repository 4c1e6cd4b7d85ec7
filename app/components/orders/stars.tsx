import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

// A rating as five stars, filled to the rating, with the number said for screen readers.

export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  const whole = Math.round(rating);
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role="img"
      aria-label={t("reviews.starsOf", { rating })}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Icon
          key={star}
          name="star"
          className={cn(
            "h-4 w-4",
            star <= whole ? "fill-amber-500 text-amber-500" : "text-gray-400 dark:text-gray-500",
          )}
        />
      ))}
    </span>
  );
}

/** '★ 4.5 (12)': a seller's average and how many reviews it comes from; nothing without reviews. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  const { t } = useTranslation();
  if (average === null || count === 0) return null;
  return (
    <span className="inline-flex items-center gap-1 text-sm" data-testid="seller-rating">
      <Icon name="star" className="h-4 w-4 fill-amber-500 text-amber-500" />
      <span className="font-semibold">{t("reviews.average", { average })}</span>
      <span className="text-gray-600 dark:text-gray-400">{t("reviews.count", { count })}</span>
    </span>
  );
}
