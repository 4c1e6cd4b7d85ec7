import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { RatingSummary } from "~/components/orders/stars";
import type { SellerRating } from "~/modules/listings/rating";

// The seller's name as a link to their page, and the 'Phone verified' badge beside it: on every
// listing card, on a listing's details and on the seller's page.

/** 'Phone verified', with a tick: shown only for a seller whose phone answered a code. */
export function PhoneVerifiedBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="phone-verified"
      className={cn(
        "inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold leading-tight text-brand-800 dark:bg-brand-950 dark:text-brand-200",
        className,
      )}
    >
      <Icon name="check" className="h-3.5 w-3.5 flex-none" />
      {/* Wraps inside the chip rather than being cut, in a narrow column and a long language. */}
      <span className="min-w-0 break-words">{t("sellers.phoneVerified")}</span>
    </span>
  );
}

/** 'Ngozi A.' linking to /sellers/{id}, then the badge when their phone is verified; wraps under the name when narrow. */
export function SellerLink({
  seller,
  className,
}: {
  seller: { id: string; name: string; phoneVerified: boolean; rating?: SellerRating };
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={cn("flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1", className)}>
      <Link
        to={`/sellers/${encodeURIComponent(seller.id)}`}
        title={t("sellers.open")}
        data-testid="seller-link"
        className="inline-flex min-h-6 min-w-0 items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        <Icon name="user" className="h-4 w-4 flex-none" />
        <span className="truncate">{seller.name || t("contact.seller")}</span>
      </Link>
      {seller.phoneVerified ? <PhoneVerifiedBadge /> : null}
      {seller.rating ? <RatingSummary average={seller.rating.average} count={seller.rating.count} /> : null}
    </span>
  );
}
