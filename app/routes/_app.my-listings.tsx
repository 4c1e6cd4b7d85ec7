import { type LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { Icon } from "~/components/ui/icons";
import type { ListingReply, ListingReplyData, MyListing } from "~/components/listings/listing-types";
import { replySucceeded } from "~/lib/page-reply";
import { MarketInsights } from "~/components/listings/market-insights";
import { MyListingCard } from "~/components/listings/my-listing-card";
import { useListingDrafts, type ListingDraft } from "~/components/listings/listing-drafts";
import { ListingDraftsPanel } from "~/components/listings/listing-drafts-panel";
import { useRootData } from "~/lib/use-root-data";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n";
import { LoadingPart, onDemand } from "~/components/shell/on-demand";
import { PageHeader } from "~/components/shell/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { TabList, tabPanelProps } from "~/components/ui/tabs";
import { SavedListings } from "~/components/listings/saved-listings";
import { listSavedListings } from "~/modules/saved/saved.server";
import { NativeSelect } from "~/components/ui/select";
import { z } from "~/lib/zod";
import { LISTING_LIMITS, LISTING_STATUSES } from "~/modules/listings/constants";
import { PRODUCTS_PAGE_SIZE } from "~/modules/products/constants";
import { addressSearch, optionalText, recordId } from "~/lib/text";
import { toast } from "~/lib/toast-store";
import { cn } from "~/lib/cn";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useUrlFilters, useUrlSearch } from "~/lib/use-url-search";
import { requireFeature, requireUser } from "~/modules/auth/gates.server";
import { readPhone } from "~/modules/auth/users.server";
import { intent, pageActions } from "~/server/http/page-actions.server";
import { pageSuccess } from "~/server/http/page-reply.server";
import { validateLeniently, validateValue } from "~/server/validation";
import { createListing, deleteListing, setListingStatus, updateListing } from "~/modules/listings/listings.server";
import { listListings } from "~/modules/listings/browsing.server";
import { countComparableListings, marketInsights, priceStats } from "~/modules/listings/insights.server";
import { listingQuerySchema, listingSchema, listingStatusSchema, type ListingIntent } from "~/modules/listings/schemas";
import { logger } from "~/server/logger.server";
import { pageFeatureAccess } from "~/modules/premium/page-access.server";
import { recordFeatureUse } from "~/modules/premium/premium.server";
import { listProducts } from "~/modules/products/products.server";

// My Listings: the seller's own listings (paused ones included), filtered by a
// search and a status kept in the URL; create, edit, pause or activate, delete.

const STATUS_FILTERS = ["all", ...LISTING_STATUSES] as const;
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
const loadListingForm = () => import("~/components/listings/listing-form");
const ListingForm = onDemand(() => loadListingForm().then((module) => module.ListingForm));

/** The seller's own listings, or the ones they saved from the marketplace (?tab=saved). */
const MY_LISTINGS_TABS = ["mine", "saved"] as const;

/** The address's filters: a search that cannot be used, or an unknown status, reads as none. */
const filtersSchema = z.object({
  search: addressSearch(100),
  status: z.enum(STATUS_FILTERS).catch("all"),
  tab: z.enum(MY_LISTINGS_TABS).catch("mine"),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = filtersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const query = validateLeniently(listingQuerySchema, {
    seller_id: user.id,
    search: filters.search,
    status: filters.status === "all" ? undefined : filters.status,
    sort: "newest",
    limit: LISTING_LIMITS.pageSize,
    offset: 0,
  });
  try {
    const [{ listings }, { products }, comparableListings, phone, saved] = await Promise.all([
      listListings(query, user.id),
      listProducts({ is_active: "true", limit: PRODUCTS_PAGE_SIZE, offset: 0 }),
      countComparableListings(user.id),
      readPhone(user.id),
      filters.tab === "saved" ? listSavedListings(user.id) : [],
    ]);
    return {
      filters,
      listings: listings satisfies MyListing[],
      products: products.map(({ id, name, unit }) => ({ id, name, unit })),
      comparableListings,
      saved,
      loadError: false,
      // Whether 'Show my phone number to buyers' can be ticked; the number itself stays on Profile.
      hasPhone: phone !== null,
      access: await pageFeatureAccess(user.id, "premium_products"),
    };
  } catch (error) {
    // The page stays usable and says so ('Failed to load your listings. Please try again.') instead of replacing the shell.
    logger.error({ err: error, userId: user.id }, "my listings could not be loaded");
    return {
      filters,
      listings: [] as MyListing[],
      products: [],
      comparableListings: 0,
      saved: [],
      loadError: true,
      hasPhone: false,
      access: await pageFeatureAccess(user.id, "premium_products"),
    };
  }
}

/** The listing an update, a status change or a delete is about: a record id, or the form's error. */
const listingId = (form: FormData) => validateValue(recordId("listing.errors.notFound"), form.get("id"));
const success = (intent: ListingIntent, data?: ListingReplyData) =>
  pageSuccess<ListingIntent, ListingReplyData>(intent, { data });

export const action = pageActions({
  create: intent({
    gate: requireUser,
    input: { form: listingSchema },
    run: async ({ user, input }) => {
      await createListing(input, user.id);
      return success("create");
    },
  }),
  update: intent({
    gate: requireUser,
    input: { form: listingSchema },
    run: async ({ user, form, input }) => {
      await updateListing(listingId(form), user.id, input);
      return success("update");
    },
  }),
  // The premium listing analytics: each look is a recorded premium use.
  insights: intent({
    gate: (request) => requireFeature(request, "premium_products"),
    run: async ({ user: grant }) => {
      // Compared first: a look that finds nothing to compare does not spend a premium use (or the trial).
      const insights = await marketInsights(grant.user.id);
      if (insights.length > 0) await recordFeatureUse(grant.user.id, "premium_products");
      return success("insights", { insights });
    },
  }),
  // A premium marketplace tool: each suggestion is a recorded premium use.
  "suggest-price": intent({
    gate: requireUser,
    run: async ({ user, form }) => {
      const productId = validateValue(optionalText(recordId("listing.errors.productNotFound")), form.get("productId"));
      // A product with too few listings to suggest from costs nothing.
      const suggestion = productId ? await priceStats(productId) : null;
      if (suggestion) await recordFeatureUse(user.id, "premium_products");
      return success("suggest-price", { suggestion });
    },
  }),
  delete: intent({
    gate: requireUser,
    run: async ({ user, form }) => {
      await deleteListing(listingId(form), user.id);
      return success("delete");
    },
  }),
  status: intent({
    gate: requireUser,
    input: { schema: listingStatusSchema, fields: (form) => ({ status: form.get("status") }) },
    run: async ({ user, form, input: { status } }) => {
      await setListingStatus(listingId(form), user.id, status);
      return success("status", { status });
    },
  }),
});

type FormState = { open: boolean; listing: MyListing | null; draft: ListingDraft | null; opened: number };

export default function MyListingsPage() {
  const { filters, listings, products, comparableListings, loadError, access, hasPhone, saved } =
    useLoaderData<typeof loader>();
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

export const ErrorBoundary = pageErrorBoundary("MyListingsPage");
