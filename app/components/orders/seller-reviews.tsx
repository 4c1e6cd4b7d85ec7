import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ApiError } from "~/lib/http/errors";
import { apiRequest } from "~/lib/http/request";
import { toast } from "~/lib/toast-store";
import { ReportReasonSelect } from "~/components/reports/reason-select";
import { REPORT_REASONS } from "~/modules/moderation/constants";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { ReviewDto } from "~/modules/reviews/reviews.server";
import { Stars } from "./stars";

// A seller's reviews on their page: each buyer's stars, words and what they bought, and the
// seller's answer. Every review comes from a completed order: there is no other way to leave one.

/** Report a review to the moderators: a reason, sent to POST /api/reviews/{id}/reports. */
function ReportReview({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>(REPORT_REASONS[0]);
  const [pending, setPending] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        className="self-start text-xs text-gray-600 underline dark:text-gray-400"
        onClick={() => setOpen(true)}
        data-testid="report-review"
      >
        {t("reviews.report")}
      </button>
    );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <ReportReasonSelect value={reason} onChange={setReason} />
      <Button
        size="sm"
        variant="outline"
        disabled={pending}
        onClick={() => {
          setPending(true);
          apiRequest("POST", `/api/reviews/${encodeURIComponent(reviewId)}/reports`, { reason })
            .then(() => {
              setOpen(false);
              toast({ title: t("reports.sent"), description: t("reports.sentText") });
            })
            .catch((error: unknown) =>
              toast({
                title: t(
                  error instanceof ApiError && error.code === "DB_DUPLICATE_ENTRY"
                    ? "orders.errors.alreadyReported"
                    : error instanceof ApiError && error.code === "AUTHZ_INSUFFICIENT_PERMISSIONS"
                      ? "reviews.errors.ownReview"
                      : "reports.errors.failed",
                ),
                variant: "destructive",
              }),
            )
            .finally(() => setPending(false));
        }}
      >
        {t("reports.send")}
      </Button>
    </div>
  );
}

export function SellerReviews({ reviews, locale }: { reviews: ReviewDto[]; locale: LanguageCode }) {
  const { t } = useTranslation();
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby="seller-reviews" className="flex flex-col gap-3">
      <h2 id="seller-reviews" className="text-lg font-semibold">
        {t("reviews.fromBuyers")}
      </h2>
      <ul className="flex flex-col gap-3" data-testid="seller-reviews">
        {reviews.map((review) => (
          <li
            key={review.id}
            className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Stars rating={review.rating} />
              <span className="text-sm font-semibold">{review.reviewer}</span>
              <span className="text-sm text-gray-600 dark:text-gray-400">{formatDate(review.createdAt, locale)}</span>
            </div>
            {review.bought ? (
              <p className="text-sm text-gray-600 dark:text-gray-400">{t("reviews.bought", { name: review.bought })}</p>
            ) : null}
            {review.text ? <p className="whitespace-pre-wrap break-words">{review.text}</p> : null}
            {review.reply ? (
              <p className="rounded-lg bg-gray-100 p-3 text-sm dark:bg-gray-800">
                <span className="font-semibold">{t("reviews.sellerAnswer")}</span> {review.reply}
              </p>
            ) : null}
            <ReportReview reviewId={review.id} />
          </li>
        ))}
      </ul>
    </section>
  );
}
