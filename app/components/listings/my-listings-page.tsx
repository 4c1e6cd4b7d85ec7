import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingPart, onDemand } from "~/components/shell/on-demand";
import { PageHeader } from "~/components/shell/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { TabList, tabPanelProps } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n";
import { replySucceeded } from "~/lib/page-reply";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useRootData } from "~/lib/use-root-data";
import { useUrlFilters, useUrlSearch } from "~/lib/use-url-search";
import { LISTING_STATUSES } from "~/modules/listings/constants";
import type { FeatureAccess } from "~/modules/premium/access";
import type { SavedListing } from "~/modules/saved/saved.server";
import { useListingDrafts, type ListingDraft } from "./listing-drafts";
import { ListingDraftsPanel } from "./listing-drafts-panel";
import type { ListingProductOption, ListingReply, MyListing } from "./listing-types";
import { MarketInsights } from "./market-insights";
import { MyListingCard } from "./my-listing-card";
import { SavedListings } from "./saved-listings";

// My Listings: the seller's own listings (paused ones included), filtered by a
// search and a status kept in the URL; create, edit, pause or activate, delete.

export const STATUS_FILTERS = ["all", ...LISTING_STATUSES] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: "myListings.statusAll",
  active: "myListings.statusActive",
  paused: "myListings.statusPaused",
  sold: "myListings.statusSold",
};

// The listing form (with its checks as you type) loads when a seller first opens it
// or reaches for the button, not with the page: most visits only look at the list. The
// service worker keeps it with the page; offline and never kept, the dialog says so in place.
const loadListingForm = () => import("./listing-form");
const ListingForm = onDemand(() => loadListingForm().then((module) => module.ListingForm));

/** The seller's own listings, or the ones they saved from the marketplace (?tab=saved). */
export const MY_LISTINGS_TABS = ["mine", "saved"] as const;

export interface MyListingsPageProps {
  filters: { search: string; status: StatusFilter; tab: (typeof MY_LISTINGS_TABS)[number] };
  listings: MyListing[];
  products: ListingProductOption[];
  comparableListings: number;
  saved: SavedListing[];
  /** The listings could not be loaded: the page stays usable and says so. */
  loadError: boolean;
  /** Whether 'Show my phone number to buyers' can be ticked; the number itself stays on Profile. */
  hasPhone: boolean;
  access: FeatureAccess | null;
}

type FormState = { open: boolean; listing: MyListing | null; draft: ListingDraft | null; opened: number };

export function MyListingsPage({
  filters,
  listings,
  products,
  comparableListings,
  loadError,
  access,
  hasPhone,
  saved,
}: MyListingsPageProps) {
  const { t, i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const revalidator = useRevalidator();
  const [formState, setFormState] = useState<FormState>({ open: false, listing: null, draft: null, opened: 0 });
  const [deleting, setDeleting] = useState<MyListing | null>(null);
  const [droppingDraft, setDroppingDraft] = useState<ListingDraft | null>(null);
  // Listings written without signal wait on this phone and go when it returns.
  const owner = useRootData()?.user?.id ?? null;
  const drafts = useListingDrafts(owner, (count) => {
    toast({ title: t("listing.drafts.sent", { count }) });
    revalidator.revalidate();
  });
  const deleteFetcher = useFetcher<ListingReply>();

  // The search box and the status live in the URL; the loader does the filtering.
  const { text: searchText, setText: setSearchText } = useUrlSearch({ param: "search" });
  const { filtering, update, params } = useUrlFilters();
  // The select shows the newest status at once; the listings are the loaded ones.
  const shownStatus = STATUS_FILTERS.find((status) => status === params.get("status")) ?? "all";
  const shownTab = params.get("tab") === "saved" ? "saved" : "mine";
  const mine = filters.tab === "mine";

  function setStatusFilter(status: string) {
    update((params) => {
      if (status === "all") params.delete("status");
      else params.set("status", status);
      return params;
    });
  }

  useFetcherAnswer(deleteFetcher, (answer) => {
    if (replySucceeded(answer)) {
      toast({ title: t("myListings.deleted") });
      setDeleting(null);
    } else {
      toast({ title: answer.refusal?.message ?? t("listing.form.saveFailed"), variant: "destructive" });
    }
  });

  const openForm = (listing: MyListing | null, draft: ListingDraft | null = null) =>
    setFormState((state) => ({ open: true, listing, draft, opened: state.opened + 1 }));
  const preloadForm = () => void loadListingForm();
  const closeForm = useCallback(() => setFormState((state) => ({ ...state, open: false })), []);
  const deletePending = deleteFetcher.state !== "idle";

  const filtered = filters.search !== "" || filters.status !== "all";

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col">
      <PageHeader title={t("myListings.title")} subtitle={t("myListings.subtitle")}>
        <Button
          type="button"
          onClick={() => openForm(null)}
          onPointerEnter={preloadForm}
          onFocus={preloadForm}
          className="self-start sm:self-auto"
        >
          <Icon name="plus" />
          {t("myListings.create")}
        </Button>
      </PageHeader>

      <TabList
        id="my-listings"
        label={t("saved.tabsLabel")}
        items={MY_LISTINGS_TABS.map((value) => ({
          value,
          label: value === "mine" ? t("saved.tabMine") : t("saved.tabSaved"),
          href: value === "mine" ? "?" : "?tab=saved",
        }))}
        value={shownTab}
        onChange={(tab) =>
          update((params) => {
            if (tab === "saved") params.set("tab", tab);
            else params.delete("tab");
            return params;
          })
        }
        className="mb-6 grid grid-cols-2 rounded-xl bg-gray-100 p-1 dark:bg-gray-800 sm:max-w-sm"
        tabClassName="flex min-h-10 items-center justify-center rounded-lg px-2 text-center text-sm font-semibold text-gray-600 aria-selected:bg-white aria-selected:text-gray-900 aria-selected:shadow-sm dark:text-gray-300 dark:aria-selected:bg-gray-950 dark:aria-selected:text-white"
      />

      {mine ? (
        <ListingDraftsPanel
          drafts={drafts.drafts}
          products={products}
          locale={locale}
          onEdit={(draft) => openForm(null, draft)}
          onDrop={(id) => setDroppingDraft(drafts.drafts.find((draft) => draft.id === id) ?? null)}
        />
      ) : null}

      {mine ? <MarketInsights access={access} comparableListings={comparableListings} /> : null}

      <div className="mb-6 flex flex-col gap-3 sm:flex-row" hidden={!mine}>
        <div className="relative min-w-0 flex-1">
          <Icon
            name="search"
            className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-gray-400"
          />
          <Input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t("myListings.searchPlaceholder")}
            aria-label={t("myListings.searchPlaceholder")}
            maxLength={100}
            className="pl-10"
          />
        </div>
        <NativeSelect
          value={shownStatus}
          onChange={(event) => setStatusFilter(event.target.value)}
          aria-label={t("myListings.statusFilter")}
          className="sm:w-52"
        >
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {t(STATUS_FILTER_LABELS[status])}
            </option>
          ))}
        </NativeSelect>
      </div>

      {/* New filters loading: the listings on screen are the old ones, dimmed under 'Loading your listings...'. */}
      <div aria-busy={filtering} className="relative" {...tabPanelProps("my-listings", filters.tab, true)}>
        {/* Always there, so screen readers announce what appears in it. */}
        <p
          role="status"
          className={
            filtering
              ? "absolute inset-x-0 top-6 z-10 mx-auto flex w-fit items-center gap-3 rounded-full border border-gray-200 bg-white px-4 py-2 text-sm font-medium text-gray-700 shadow-md dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200"
              : "sr-only"
          }
        >
          {filtering ? (
            <>
              <span
                className="h-4 w-4 flex-none animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
                aria-hidden="true"
              />
              {t("myListings.loading")}
            </>
          ) : null}
        </p>
        <div className={cn("transition-opacity", filtering && "pointer-events-none opacity-50")}>
          {!mine && !loadError ? (
            <SavedListings saved={saved} />
          ) : loadError ? (
            <Card role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
              <p className="text-red-700 dark:text-red-300">{t("myListings.loadError")}</p>
              <Button
                type="button"
                variant="outline"
                onClick={() => revalidator.revalidate()}
                disabled={revalidator.state !== "idle"}
              >
                {t("marketplace.tryAgain")}
              </Button>
            </Card>
          ) : listings.length === 0 ? (
            <Card
              className="flex flex-col items-center gap-3 px-6 py-12 text-center"
              data-filtered={filtered || undefined}
            >
              <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                <Icon name="store" className="h-7 w-7" />
              </span>
              <h2 className="text-lg font-semibold">{t("myListings.emptyTitle")}</h2>
              <p className="max-w-sm text-gray-600 dark:text-gray-400">{t("myListings.emptyText")}</p>
              <Button
                type="button"
                onClick={() => openForm(null)}
                onPointerEnter={preloadForm}
                onFocus={preloadForm}
                className="mt-2"
              >
                <Icon name="plus" />
                {t("myListings.createFirst")}
              </Button>
            </Card>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {listings.map((listing, index) => (
                <li key={listing.id} className="flex min-w-0">
                  <MyListingCard
                    listing={listing}
                    priority={index < 2}
                    onEdit={() => openForm(listing)}
                    onDelete={() => setDeleting(listing)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <Dialog
        open={formState.open}
        onOpenChange={(open) => (open ? undefined : closeForm())}
        title={
          formState.listing
            ? t("myListings.editTitle")
            : formState.draft
              ? t("listing.drafts.editTitle")
              : t("myListings.createTitle")
        }
      >
        <ListingForm
          key={formState.opened}
          fallback={<LoadingPart />}
          listing={formState.listing ?? undefined}
          draft={formState.draft ?? undefined}
          onKeep={owner ? drafts.keep : undefined}
          products={products}
          access={access}
          hasPhone={hasPhone}
          onCancel={closeForm}
          onSaved={closeForm}
        />
      </Dialog>

      <ConfirmDialog
        open={droppingDraft !== null}
        onOpenChange={(open) => {
          if (!open) setDroppingDraft(null);
        }}
        title={t("listing.drafts.confirmTitle")}
        text={t("listing.drafts.confirmText")}
        confirmLabel={t("listing.drafts.confirmDelete")}
        pendingLabel={t("myListings.deleting")}
        pending={false}
        onConfirm={() => {
          if (droppingDraft) void drafts.drop(droppingDraft.id).then(() => setDroppingDraft(null));
        }}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !deletePending) setDeleting(null);
        }}
        title={t("myListings.confirmTitle")}
        text={t("myListings.confirmText")}
        confirmLabel={t("myListings.deleteButton")}
        pendingLabel={t("myListings.deleting")}
        pending={deletePending}
        onConfirm={() => {
          if (deleting) deleteFetcher.submit({ intent: "delete", id: deleting.id }, { method: "post" });
        }}
      />
    </div>
  );
}
