import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { UsualPricePosition } from "~/components/prices/usual-price";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icons";
import { formatNigerianPhone, whatsappDigits } from "~/lib/phone";
import { listingName } from "~/lib/listing-name";
import type { SellerAnswer } from "~/modules/listings/types";
import { ListingPrice, listingImage, type MarketplaceListing } from "./listing-card";
import { useFormatNumber } from "~/lib/numbers";
import { Photo } from "~/components/ui/photo";
import { SafetyAdvice } from "~/components/sellers/safety-advice";
import { SellerLink } from "~/components/sellers/seller-link";
import { ReportDialog } from "~/components/reports/report-dialog";
import { useRouteLoaderData } from "@remix-run/react";

/** What the signed-in shell's loader gives every page inside it (routes/_app.tsx): here, who is reading. */
type AppShellData = { user: { id: string } };

type ListingSeller = Extract<SellerAnswer, { ok: true }>["seller"];

type SellerState =
  | { state: "loading" }
  | { state: "loaded"; seller: ListingSeller }
  | { state: "failed"; reason: "rateLimited" | "other" };

/**
 * The seller of one listing, asked for only when its details open: list
 * answers never carry a phone, and each number seen counts against the
 * buyer's hourly allowance on the server.
 */
function useListingSeller(listingId: string | null): SellerState | null {
  const [answer, setAnswer] = useState<{ listingId: string; state: SellerState } | null>(null);
  useEffect(() => {
    if (!listingId) return;
    // A plain request rather than a fetcher: a refusal answers with its own status (404, 429),
    // which a fetcher would take to the page's error boundary.
    const controller = new AbortController();
    const settle = (state: SellerState) => {
      if (!controller.signal.aborted) setAnswer({ listingId, state });
    };
    fetch(`/marketplace/${encodeURIComponent(listingId)}/seller`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        const body = (await response.json()) as SellerAnswer;
        if (body.ok) settle({ state: "loaded", seller: body.seller });
        else
          settle({
            state: "failed",
            reason: response.status === 429 || body.code === "RATE_LIMIT_EXCEEDED" ? "rateLimited" : "other",
          });
      })
      .catch(() => settle({ state: "failed", reason: "other" }));
    return () => controller.abort();
  }, [listingId]);
  if (!listingId) return null;
  // Until the answer for this listing arrives (the previous listing's is kept meanwhile).
  if (!answer || answer.listingId !== listingId) return { state: "loading" };
  return answer.state;
}

function ChatIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 20l1.3-3.9A8 8 0 1112 20a8 8 0 01-4.1-1.1z" />
      <path d="M9 10.5c.5 1.7 1.8 3 3.5 3.5l1-1 2 1-.5 1.5c-3 .3-6.7-3.4-6.4-6.4L10 8.5l1 2z" />
    </svg>
  );
}

/** Call, WhatsApp and SMS for a seller who shows their phone; the message names the listing in the reader's language. */
function ContactButtons({ seller, phone, listing }: { seller: ListingSeller; phone: string; listing: string }) {
  const { t } = useTranslation();
  const message = encodeURIComponent(t("contact.message", { name: seller.firstName, listing }));
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {t("contact.phone")}:{" "}
        <span className="font-medium text-gray-900 dark:text-gray-100">{formatNigerianPhone(phone)}</span>
      </p>
      {/* Call across the width, the two messages below: wide enough to tap, in every language, at 360 px. */}
      <div className="grid grid-cols-2 gap-2">
        <Button asChild className="col-span-2">
          <a href={`tel:${phone}`}>
            <Icon name="phone" className="h-4 w-4" />
            {t("contact.call")}
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={`https://wa.me/${whatsappDigits(phone)}?text=${message}`} target="_blank" rel="noopener noreferrer">
            <ChatIcon className="h-4 w-4" />
            {t("contact.whatsapp")}
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={`sms:${phone}?body=${message}`}>
            <Icon name="mail" className="h-4 w-4" />
            {t("contact.sms")}
          </a>
        </Button>
      </div>
    </div>
  );
}

function SellerSection({
  state,
  listing,
  seller,
}: {
  state: SellerState;
  listing: string;
  /** Who sells it, from the list: their page's link and the badge. */
  seller: MarketplaceListing["seller"];
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="listing-seller-title"
      className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3 dark:border-gray-800"
    >
      <h3 id="listing-seller-title" className="text-sm font-semibold">
        {t("contact.title")}
      </h3>
      {state.state === "loading" ? (
        <p role="status" className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
          <span
            className="h-4 w-4 flex-none animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
            aria-hidden="true"
          />
          {t("contact.loading")}
        </p>
      ) : state.state === "failed" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {state.reason === "rateLimited" ? t("contact.rateLimited") : t("contact.loadError")}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-gray-500">{t("contact.seller")}</dt>
            <dd data-testid="listing-seller-name" className="min-w-0">
              <SellerLink seller={seller} />
            </dd>
            <dt className="text-gray-500">{t("contact.town")}</dt>
            <dd>{state.seller.town ?? t("marketplace.locationNotSpecified")}</dd>
          </dl>
          {state.seller.phone ? (
            <ContactButtons seller={state.seller} phone={state.seller.phone} listing={listing} />
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("contact.noPhone")}</p>
          )}
        </>
      )}
    </section>
  );
}

/** A marketplace listing's details: photos, price, condition, quantity, place, status, and how to reach the seller. */
export function ListingDetails({ listing, onClose }: { listing: MarketplaceListing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const image = listing ? listingImage(listing) : null;
  const seller = useListingSeller(listing?.id ?? null);
  const viewerId = (useRouteLoaderData("routes/_app") as AppShellData | undefined)?.user.id ?? null;
  const name = listing
    ? listingName(listing, t("marketplace.agriculturalProduct"))
    : t("marketplace.agriculturalProduct");
  return (
    <Dialog open={listing !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={name}>
      {listing ? (
        <div className="flex flex-col gap-3">
          {image ? (
            <Photo
              src={image}
              sizes="(min-width: 640px) 480px, 92vw"
              priority
              className="aspect-[4/3] w-full rounded-xl object-cover"
            />
          ) : null}
          <ListingPrice listing={listing} />
          {listing.product ? <UsualPricePosition listingId={listing.id} /> : null}
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-gray-500">{t("listing.form.condition")}</dt>
            <dd>{t(`listing.conditions.${listing.condition}`)}</dd>
            <dt className="text-gray-500">{t("listing.form.quantity")}</dt>
            <dd>{formatNumber(Number(listing.quantity))}</dd>
            <dt className="text-gray-500">{t("marketplace.location")}</dt>
            <dd>{listing.locality ?? t("marketplace.locationNotSpecified")}</dd>
            <dt className="text-gray-500">{t("listing.form.status")}</dt>
            <dd>{t(`listing.statuses.${listing.status}`)}</dd>
          </dl>
          {listing.images.length > 1 ? (
            <div className="flex gap-2 overflow-x-auto">
              {listing.images.map((url) => (
                <Photo key={url} src={url} sizes="64px" className="h-16 w-16 flex-none rounded-lg object-cover" />
              ))}
            </div>
          ) : null}
          <SafetyAdvice />
          {seller ? <SellerSection state={seller} listing={name} seller={listing.seller} /> : null}
          {/* One does not report one's own listing (the server refuses it too). */}
          {listing.seller.id !== viewerId ? <ReportDialog listingId={listing.id} className="self-start" /> : null}
        </div>
      ) : null}
    </Dialog>
  );
}
