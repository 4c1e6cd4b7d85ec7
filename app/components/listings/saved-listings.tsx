import { Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListingCard, listingImage, type MarketplaceListing } from "~/components/marketplace/listing-card";
import { ListingDetails } from "~/components/marketplace/listing-details";
import { setSaved, useSavedFailure } from "~/components/marketplace/use-saved-hearts";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { Photo } from "~/components/ui/photo";
import { listingName } from "~/lib/listing-name";
import type { SavedListing } from "~/modules/saved/saved.server";

// My Listings' Saved tab: the listings the user saved, newest first. One still on sale is the
// marketplace's card (its heart removes it); one sold, paused or hidden since says it is no
// longer available, with a button to remove it.

function UnavailableCard({ item, onRemove }: { item: SavedListing; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = item.listing
    ? listingName(item.listing, t("marketplace.agriculturalProduct"))
    : (item.name ?? t("saved.unnamed"));
  const image = item.listing ? listingImage(item.listing) : null;
  return (
    <Card
      className="flex min-w-0 items-center gap-3 p-3"
      role="article"
      aria-label={name}
      data-testid="saved-unavailable"
    >
      {image ? (
        <Photo src={image} sizes="64px" className="h-16 w-16 flex-none rounded-lg object-cover opacity-60 grayscale" />
      ) : (
        <span className="flex h-16 w-16 flex-none items-center justify-center rounded-lg bg-gray-100 text-gray-400 dark:bg-gray-800 dark:text-gray-500">
          <Icon name="leaf" className="h-7 w-7" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="card-title">{name}</h3>
        <span className="card-chip self-start">
          {item.status === "sold" ? t("listing.statuses.sold") : t("saved.unavailable")}
        </span>
      </div>
      <Button type="button" size="sm" variant="outline" onClick={onRemove} className="flex-none">
        <Icon name="trash" className="h-4 w-4" />
        {t("saved.remove")}
      </Button>
    </Card>
  );
}

export function SavedListings({ saved }: { saved: SavedListing[] }) {
  const { t } = useTranslation();
  const failure = useSavedFailure();
  // Removed here at once; back with a message if the server did not take it.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [viewing, setViewing] = useState<MarketplaceListing | null>(null);
  const change = (id: string, gone: boolean) =>
    setRemoved((current) => {
      const next = new Set(current);
      if (gone) next.add(id);
      else next.delete(id);
      return next;
    });
  const remove = (id: string) => {
    change(id, true);
    setSaved(id, false).catch((error: unknown) => {
      change(id, false);
      failure(error, false);
    });
  };
  const shown = saved.filter((item) => !removed.has(item.listingId));

  if (shown.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="saved-empty">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon name="store" className="h-7 w-7" />
        </span>
        <p className="max-w-sm text-gray-600 dark:text-gray-400">{t("saved.empty")}</p>
        <Button asChild variant="outline">
          <Link to="/marketplace">{t("saved.browse")}</Link>
        </Button>
      </Card>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("saved.title")}>
        {shown.map((item) => (
          <li key={item.listingId} className="flex min-w-0 flex-col">
            {item.available && item.listing ? (
              <ListingCard
                listing={item.listing}
                view="grid"
                favourite
                onToggleFavourite={() => remove(item.listingId)}
                onView={() => setViewing(item.listing)}
              />
            ) : (
              <UnavailableCard item={item} onRemove={() => remove(item.listingId)} />
            )}
          </li>
        ))}
      </ul>
      <ListingDetails listing={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
