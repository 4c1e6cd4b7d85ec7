import { Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListingCard, type MarketplaceListing } from "~/components/marketplace/listing-card";
import { ListingDetails } from "~/components/marketplace/listing-details";
import { useSavedHearts } from "~/components/marketplace/use-saved-hearts";
import { PhoneVerifiedBadge } from "~/components/sellers/seller-link";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { ReportDialog } from "~/components/reports/report-dialog";
import { listingName } from "~/lib/listing-name";
import { useFormatNumber } from "~/lib/numbers";
import { monthAndYear } from "~/modules/sellers/public-profile";
import type { sellerPage } from "~/modules/sellers/sellers.server";
import type { ReviewDto } from "~/modules/reviews/reviews.server";
import type { LanguageCode } from "~/lib/i18n";
import { RatingSummary } from "~/components/orders/stars";
import { SellerReviews } from "~/components/orders/seller-reviews";

// A seller's public page: their public name, town, month joined, whether their phone is verified,
// how many listings they sold, their reviews, and their listings on sale as the marketplace's cards
// (a page at a time), each opening its details; a report of the seller for anyone but themselves.

export type SellerPageProps = Awaited<ReturnType<typeof sellerPage>> & {
  /** Which of these hearts are filled: the reader's saved listings. */
  savedIds: string[];
  reviews: ReviewDto[];
  viewerId: string;
  locale: LanguageCode;
};

export function SellerPage({ seller, listings, page, pages, savedIds, reviews, locale, viewerId }: SellerPageProps) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const hearts = useSavedHearts(savedIds);
  const [viewing, setViewing] = useState<MarketplaceListing | null>(null);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <Link
        to="/marketplace"
        className="inline-flex min-h-10 items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <span aria-hidden="true">←</span>
        {t("sellers.backToMarketplace")}
      </Link>
      <section
        aria-labelledby="seller-name"
        className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900 sm:flex-row sm:items-center sm:gap-5 sm:p-6"
      >
        <span className="flex h-14 w-14 flex-none items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon name="user" className="h-7 w-7" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h1 id="seller-name" className="min-w-0 break-words text-2xl font-bold">
              {seller.name || t("sellers.title")}
            </h1>
            {seller.phoneVerified ? (
              <PhoneVerifiedBadge />
            ) : (
              <span className="card-chip" data-testid="phone-not-verified">
                {t("sellers.phoneNotVerified")}
              </span>
            )}
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
            <li className="flex min-w-0 items-center gap-1">
              <Icon name="pin" className="h-4 w-4 flex-none" />
              <span className="sr-only">{t("sellers.town")}: </span>
              <span className="min-w-0 break-words" data-testid="seller-town">
                {seller.town ?? t("sellers.townUnknown")}
              </span>
            </li>
            <li data-testid="seller-member-since">
              {t("sellers.memberSince", { date: monthAndYear(seller.memberSince, locale) })}
            </li>
            <li data-testid="seller-sold">{t("sellers.sold", { count: seller.soldCount })}</li>
            <li>
              {seller.rating.count > 0 ? (
                <RatingSummary average={seller.rating.average} count={seller.rating.count} />
              ) : (
                t("reviews.none")
              )}
            </li>
          </ul>
        </div>
        {listings.length > 0 && seller.id !== viewerId ? (
          <ReportDialog
            listingId={null}
            choices={listings.map((listing) => ({
              id: listing.id,
              name: listingName(listing, t("marketplace.agriculturalProduct")),
            }))}
            className="self-start sm:self-center"
          />
        ) : null}
      </section>

      <h2 className="text-lg font-semibold">
        {t("sellers.listingsTitle")}{" "}
        <span className="font-normal text-gray-600 dark:text-gray-400">({formatNumber(seller.onSaleCount)})</span>
      </h2>
      {listings.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-gray-300 p-8 text-center text-gray-600 dark:border-gray-700 dark:text-gray-400">
          {t("sellers.empty")}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {listings.map((listing, index) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              priority={index < 2}
              view="grid"
              favourite={hearts.isSaved(listing.id)}
              onToggleFavourite={() => hearts.toggle(listing.id)}
              onView={() => setViewing(listing)}
            />
          ))}
        </div>
      )}
      {pages > 1 ? (
        <nav className="flex items-center justify-center gap-3" aria-label={t("marketplace.page", { page, pages })}>
          {page > 1 ? (
            <Button asChild variant="outline">
              <Link to={`?page=${page - 1}`}>{t("marketplace.previous")}</Link>
            </Button>
          ) : null}
          <span className="text-sm">{t("marketplace.page", { page, pages })}</span>
          {page < pages ? (
            <Button asChild variant="outline">
              <Link to={`?page=${page + 1}`}>{t("marketplace.next")}</Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
      <SellerReviews reviews={reviews} locale={locale} />
      <ListingDetails listing={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
