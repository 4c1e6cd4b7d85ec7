import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { addToCart, cartFailure } from "~/components/cart/cart-calls";
import { useShellCounts } from "~/components/shell/shell-counts";
import { Button, buttonVariants } from "~/components/ui/button";
import { toast } from "~/lib/toast-store";
import { Icon } from "~/components/ui/icons";
import { Photo } from "~/components/ui/photo";
import { SellerLink } from "~/components/sellers/seller-link";
import { categoryKey } from "~/modules/products/constants";
import { cn } from "~/lib/cn";
import { pricePerUnit } from "~/modules/listings/price";
import type { MarketplaceListing } from "~/modules/listings/card";
import { listingName } from "~/lib/listing-name";

/** What a buyer's card needs of a listing: the page sends only this (the first page is 50 cards on slow connections). */
export { toMarketplaceListing, type MarketplaceListing } from "~/modules/listings/card";

// One marketplace listing, as a grid card or a compact row.

export function listingImage(listing: Pick<MarketplaceListing, "images" | "product">) {
  return listing.images[0] ?? listing.product?.images[0] ?? null;
}

/** '₦30,000 per basket': the unit stays whole, on the price's line or under it when the card is narrow. */
export function ListingPrice({ listing }: { listing: { priceNgn: string; product: { unit: string | null } | null } }) {
  const { t } = useTranslation();
  const price = pricePerUnit(t, listing.priceNgn, listing.product?.unit);
  return (
    <p className="card-price" data-price>
      {price.amount}
      {price.unit ? (
        <>
          {" "}
          <span className="card-note whitespace-nowrap font-normal">{price.unit}</span>
        </>
      ) : null}
    </p>
  );
}

/**
 * 'Add to Cart' puts one of the listing in the signed-in user's cart ('Adding...' while the call
 * runs); once there it reads 'In cart' and opens the cart. 'Unavailable' unless the listing is active.
 */
function AddToCart({ listingId, active }: { listingId: string; active: boolean }) {
  const { t } = useTranslation();
  const { inCart, addedToCart } = useShellCounts();
  const [adding, setAdding] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  if (active && inCart(listingId))
    return (
      <Link
        to="/cart"
        className={cn(buttonVariants({ size: "sm", variant: "outline" }), "flex-1")}
        data-testid="in-cart"
      >
        <Icon name="check" className="h-4 w-4" />
        {t("cart.inCart")}
      </Link>
    );
  return (
    <Button
      size="sm"
      className="flex-1"
      disabled={!active || adding}
      data-testid="add-to-cart"
      onClick={() => {
        setAdding(true);
        addToCart(listingId)
          .then(() => {
            addedToCart(listingId);
            toast({ title: t("cart.added") });
          })
          .catch((error: unknown) => toast({ title: t(cartFailure(error)), variant: "destructive" }))
          .finally(() => {
            if (mounted.current) setAdding(false);
          });
      }}
    >
      {!active ? t("marketplace.unavailable") : adding ? t("marketplace.adding") : t("marketplace.addToCart")}
    </Button>
  );
}

function Placeholder({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        "flex items-center justify-center bg-brand-50 text-brand-300 dark:bg-gray-800 dark:text-gray-600",
        className,
      )}
    >
      <Icon name="leaf" className="h-10 w-10" />
    </div>
  );
}

export interface ListingCardProps {
  listing: MarketplaceListing;
  view: "grid" | "list";
  favourite: boolean;
  onToggleFavourite: () => void;
  onView: () => void;
  /** The first cards, on the first screen: their photos load at once rather than lazily. */
  priority?: boolean;
}

/** How wide a grid card's photo shows: the marketplace grid's columns (1, then 2, 3, 4), less the page's margins. */
const GRID_PHOTO_SIZES = "(min-width: 1280px) 22vw, (min-width: 1024px) 30vw, (min-width: 640px) 46vw, 94vw";

export function ListingCard({
  listing,
  view,
  favourite,
  onToggleFavourite,
  onView,
  priority = false,
}: ListingCardProps) {
  const { t } = useTranslation();
  const image = listingImage(listing);
  const name = listingName(listing, t("marketplace.agriculturalProduct"));
  const categories = listing.product?.categories ?? [];
  // Active with something left to order (accepted orders may hold the rest).
  const active = listing.status === "active" && (listing.available ?? listing.quantity) > 0;

  const badges = (
    <div className="flex flex-wrap gap-1">
      {categories.slice(0, 2).map((category) => (
        <span key={category} className="card-chip">
          {t(categoryKey(category))}
        </span>
      ))}
      {categories.length > 2 ? <span className="card-chip">+{categories.length - 2}</span> : null}
    </div>
  );
  const heart = (
    <button
      type="button"
      onClick={onToggleFavourite}
      aria-pressed={favourite}
      aria-label={favourite ? t("marketplace.unfavourite") : t("marketplace.favourite")}
      className="card-photo-button hover:text-red-600"
    >
      <svg
        viewBox="0 0 24 24"
        className={cn("h-5 w-5", favourite ? "fill-red-600 text-red-600" : "fill-none")}
        stroke="currentColor"
        strokeWidth={1.8}
        aria-hidden="true"
      >
        <path d="M12 20s-7-4.4-9.2-9A5 5 0 0112 5.6 5 5 0 0121.2 11C19 15.6 12 20 12 20z" />
      </svg>
    </button>
  );
  const where = (
    // The distance moves under the place when both do not fit; only a place too long for a whole line is cut.
    <p className="card-note flex flex-wrap items-center gap-x-1">
      <Icon name="pin" className="h-4 w-4 flex-none" />
      <span className="min-w-0 truncate">{listing.locality ?? t("marketplace.locationNotSpecified")}</span>
      {listing.distanceKm !== undefined ? (
        <span className="whitespace-nowrap">· {t("marketplace.kmAway", { km: listing.distanceKm })}</span>
      ) : null}
    </p>
  );
  const statusBadge = active ? null : (
    <span className="rounded-full bg-gray-900/80 px-2 py-0.5 text-xs font-semibold text-white">
      {t(`listing.statuses.${listing.status}`)}
    </span>
  );
  const sellerLine = <SellerLink seller={listing.seller} className="text-sm" />;
  const conditionBadge = <span className="card-condition">{t(`listing.conditions.${listing.condition}`)}</span>;

  if (view === "list") {
    // On a phone the row is narrow: the name, price and place sit beside the photo, the
    // quantity and the buttons get a line of their own across the whole card.
    return (
      <article className="listing-row" aria-label={name}>
        <div className="flex min-w-0 gap-3">
          {image ? (
            <Photo
              src={image}
              sizes="80px"
              priority={priority}
              className="h-20 w-20 flex-none rounded-lg object-cover"
            />
          ) : (
            <Placeholder className="h-20 w-20 flex-none rounded-lg" />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h3 className="card-title">{name}</h3>
            <div className="flex flex-wrap gap-1">
              {statusBadge}
              {conditionBadge}
            </div>
            <ListingPrice listing={listing} />
            {where}
            {sellerLine}
          </div>
        </div>
        <div className="flex items-center gap-2">
          <span className="card-note whitespace-nowrap">
            {t("marketplace.qty", { quantity: listing.available ?? listing.quantity })}
          </span>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <Button size="sm" variant="outline" onClick={onView}>
              {t("marketplace.view")}
            </Button>
            <AddToCart listingId={listing.id} active={active} />
          </div>
        </div>
      </article>
    );
  }

  return (
    <article className="listing-card" aria-label={name}>
      <div className="relative aspect-[4/3]">
        {image ? (
          <Photo src={image} sizes={GRID_PHOTO_SIZES} priority={priority} className="h-full w-full object-cover" />
        ) : (
          <Placeholder className="h-full w-full" />
        )}
        <div className="absolute left-2 top-2 flex gap-1">
          {conditionBadge}
          {statusBadge}
        </div>
        <div className="absolute right-2 top-2 flex gap-1">
          {heart}
          <button type="button" onClick={onView} aria-label={t("marketplace.view")} className="card-photo-button">
            <Icon name="search" className="h-4 w-4" />
          </button>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="card-title">{name}</h3>
        <ListingPrice listing={listing} />
        {badges}
        {where}
        {sellerLine}
        <p className="card-note whitespace-nowrap">
          {t("marketplace.qty", { quantity: listing.available ?? listing.quantity })}
        </p>
        <div className="mt-auto flex pt-1">
          <AddToCart listingId={listing.id} active={active} />
        </div>
      </div>
    </article>
  );
}
