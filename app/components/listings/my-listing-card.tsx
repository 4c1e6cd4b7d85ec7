import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { ListingPrice } from "~/components/marketplace/listing-card";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { listingName } from "~/lib/listing-name";
import { replySucceeded } from "~/lib/page-reply";
import type { ListingHidden, ListingReply, ListingStatus, MyListing } from "./listing-types";
import { Photo } from "~/components/ui/photo";

const STATUS_BADGE: Record<ListingStatus, string> = {
  active: "bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100",
  paused: "bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100",
  sold: "bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100",
};

/** Why buyers no longer see this listing: a moderator's hide (with the reason), reports under review, a suspension. */
function HiddenNotice({ hidden }: { hidden: ListingHidden }) {
  const { t } = useTranslation();
  const cause = hidden.cause ?? "moderator";
  return (
    <div
      role="note"
      data-testid="listing-hidden"
      className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <Icon name="alert" className="mt-0.5 h-4 w-4 flex-none" />
      <div className="min-w-0">
        <p className="font-semibold">{t(`moderation.hidden.${cause}`)}</p>
        {hidden.reason ? (
          <p className="break-words">{t("moderation.hidden.reason", { reason: hidden.reason })}</p>
        ) : null}
        <p className="text-red-700 dark:text-red-300">{t("moderation.hidden.help")}</p>
      </div>
    </div>
  );
}

/** A seller's own listing: photo, status, price, quantity, place, condition; pause or activate it, edit or delete it. */
export function MyListingCard({
  listing,
  onEdit,
  onDelete,
  priority = false,
}: {
  listing: MyListing;
  onEdit: () => void;
  onDelete: () => void;
  /** One of the first cards, likely on the first screen: its photo is fetched at once, early. */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const fetcher = useFetcher<ListingReply>();

  // Show the new status at once; the loader's answer confirms it.
  const pendingStatus = fetcher.formData?.get("status");
  const status = typeof pendingStatus === "string" ? (pendingStatus as ListingStatus) : listing.status;
  const nextStatus: ListingStatus = status === "active" ? "paused" : "active";
  // A hidden listing may be paused, never made active again by its seller (the server refuses it too).
  const activationBarred = Boolean(listing.hidden) && nextStatus === "active";

  useFetcherAnswer(fetcher, (answer) => {
    if (replySucceeded(answer)) {
      toast({ title: answer.data?.status === "paused" ? t("myListings.paused") : t("myListings.activated") });
    } else {
      toast({ title: answer.refusal?.message ?? t("listing.form.saveFailed"), variant: "destructive" });
    }
  });

  const name = listingName(listing, t("listing.form.customProduct"));
  const image = listing.images[0] ?? listing.product?.images[0];

  return (
    <Card className="flex w-full min-w-0 flex-col overflow-hidden" role="article" aria-labelledby={titleId}>
      <div className="relative aspect-[4/3] bg-gray-100 dark:bg-gray-800">
        {image ? (
          <Photo
            src={image}
            alt={name}
            sizes="(min-width: 1024px) 30vw, (min-width: 640px) 46vw, 94vw"
            priority={priority}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-gray-400 dark:text-gray-500">
            <Icon name="image" className="h-12 w-12" />
          </div>
        )}
        <span
          className={cn(
            "absolute left-3 top-3 rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm",
            STATUS_BADGE[status],
          )}
          data-testid="listing-status"
        >
          {t(`listing.statuses.${status}`)}
        </span>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        {listing.hidden ? <HiddenNotice hidden={listing.hidden} /> : null}
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="line-clamp-2 break-words text-base font-semibold leading-snug">
              {name}
            </h2>
            <ListingPrice listing={listing} />
          </div>
          <div className="-mr-2 -mt-1 flex flex-none">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={onEdit}
              aria-label={`${t("myListings.edit")}: ${name}`}
            >
              <Icon name="pencil" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={onDelete}
              aria-label={`${t("myListings.delete")}: ${name}`}
              className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
            >
              <Icon name="trash" />
            </Button>
          </div>
        </div>

        <ul className="flex flex-col gap-1 text-sm text-gray-600 dark:text-gray-400">
          <li className="whitespace-nowrap">{t("marketplace.qty", { quantity: listing.quantity })}</li>
          <li className="flex min-w-0 items-center gap-1.5">
            <Icon name="pin" className="h-4 w-4 flex-none" />
            <span className="truncate">{listing.locality ?? t("myListings.noLocation")}</span>
          </li>
          <li>{t(`listing.conditions.${listing.condition}`)}</li>
        </ul>

        <div className="mt-auto grid grid-cols-2 gap-2">
          <fetcher.Form method="post" className="contents">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="id" value={listing.id} />
            <input type="hidden" name="status" value={nextStatus} />
            <Button
              type="submit"
              variant="outline"
              disabled={fetcher.state !== "idle" || activationBarred}
              title={activationBarred ? t("moderation.hidden.cannotActivate") : undefined}
            >
              <Icon name={nextStatus === "paused" ? "pause" : "play"} className="h-4 w-4" />
              {nextStatus === "paused" ? t("myListings.pause") : t("myListings.activate")}
            </Button>
          </fetcher.Form>
          <Button type="button" onClick={onEdit}>
            <Icon name="pencil" className="h-4 w-4" />
            {t("myListings.edit")}
          </Button>
        </div>
      </div>
    </Card>
  );
}
