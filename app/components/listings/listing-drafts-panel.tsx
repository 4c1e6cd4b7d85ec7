import { useTranslation } from "react-i18next";
import { ListingPrice } from "~/components/marketplace/listing-card";
import { BlobImage } from "~/components/ui/blob-image";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { Photo } from "~/components/ui/photo";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { listingName } from "~/lib/listing-name";
import type { ListingDraft } from "./listing-drafts";
import type { ListingProductOption } from "./listing-types";

// Listings written where there was no signal, kept on this phone until they can be sent: each
// with its first photo, name, price and quantity, when it was written, and its state (waiting,
// being sent, refused with the server's reason). A waiting or refused draft can be edited (a
// refused one is then sent again) or deleted.

const STATE_CLASS: Record<ListingDraft["state"], string> = {
  waiting: "text-earth-700 dark:text-earth-400",
  sending: "text-brand-800 dark:text-brand-300",
  refused: "text-red-700 dark:text-red-400",
};

function DraftPhoto({ draft }: { draft: ListingDraft }) {
  const className = "h-16 w-16 flex-none rounded-lg object-cover";
  const [first] = draft.images;
  if (first) return <Photo src={first} sizes="64px" className={className} />;
  const [kept] = draft.photos;
  if (kept) return <BlobImage image={kept.image} className={className} />;
  return (
    <span className="flex h-16 w-16 flex-none items-center justify-center rounded-lg bg-gray-100 text-gray-400 dark:bg-gray-800">
      <Icon name="image" className="h-6 w-6" />
    </span>
  );
}

export function ListingDraftsPanel({
  drafts,
  products,
  locale,
  onEdit,
  onDrop,
}: {
  drafts: ListingDraft[];
  products: ListingProductOption[];
  locale: LanguageCode;
  onEdit(draft: ListingDraft): void;
  onDrop(id: string): void;
}) {
  const { t } = useTranslation();
  if (drafts.length === 0) return null;
  const waiting = drafts.filter((draft) => draft.state !== "refused").length;
  return (
    <Card className="mb-6 flex flex-col gap-3 p-4 sm:p-5" data-listing-drafts="">
      <div>
        <h2 className="font-semibold">{t("listing.drafts.title")}</h2>
        <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
          {waiting > 0 ? t("listing.drafts.waitingCount", { count: waiting }) : t("listing.drafts.noneWaiting")}
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {drafts.map((draft) => {
          const product = draft.fields.custom
            ? null
            : (products.find((each) => each.id === draft.fields.productId) ?? null);
          const name = listingName({ product, title: draft.fields.title }, t("listing.drafts.untitled"));
          return (
            <li
              key={draft.id}
              data-listing-draft={draft.state}
              className="flex items-start gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
            >
              <DraftPhoto draft={draft} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="break-words font-medium">{name}</p>
                {draft.fields.priceNgn ? <ListingPrice listing={{ priceNgn: draft.fields.priceNgn, product }} /> : null}
                <p className="text-gray-600 dark:text-gray-400">
                  {t("listing.drafts.writtenAt", { time: formatDate(draft.madeAt, locale, "medium-time") })}
                </p>
                <p className={`font-medium ${STATE_CLASS[draft.state]}`}>{t(`listing.drafts.states.${draft.state}`)}</p>
                {draft.reason ? <p className="break-words text-red-700 dark:text-red-400">{draft.reason}</p> : null}
              </div>
              {draft.state !== "sending" ? (
                <div className="flex flex-none flex-col gap-1 sm:flex-row">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => onEdit(draft)}
                    aria-label={t("listing.drafts.edit", { name })}
                  >
                    <Icon name="pencil" className="h-4 w-4" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => onDrop(draft.id)}
                    aria-label={t("listing.drafts.delete", { name })}
                  >
                    <Icon name="trash" className="h-4 w-4" />
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
