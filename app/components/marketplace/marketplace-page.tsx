import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LocationDialog } from "~/components/listings/location-dialog";
import { PlaceChip } from "~/components/search/place-chip";
import { SearchBox } from "~/components/search/search-box";
import { PageHeader } from "~/components/shell/page-header";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { NativeSelect } from "~/components/ui/select";
import { ToggleChip } from "~/components/ui/toggle-chip";
import { cn } from "~/lib/cn";
import { useUrlFilters, useUrlSearch } from "~/lib/use-url-search";
import { useWideScreen } from "~/lib/use-wide-screen";
import type { FeatureAccess } from "~/modules/premium/access";
import { categoryKey, MARKETPLACE_CATEGORIES, QUICK_CATEGORY_COUNT } from "~/modules/products/constants";
import { FilterPanel } from "./filter-panel";
import {
  DEFAULT_FILTERS,
  MARKETPLACE_PAGE_SIZE,
  readFilters,
  writeFilters,
  type MarketplaceFilters,
  type SortBy,
} from "./filters";
import { ListingCard, type MarketplaceListing } from "./listing-card";
import { ListingDetails } from "./listing-details";
import { MarketplaceUpsell } from "./marketplace-upsell";
import { useMoveLocalHearts, useSavedHearts } from "./use-saved-hearts";

// The marketplace: every seller's active and sold listings, searched and filtered, in a grid or a
// list, a page at a time. The filters live in the address (the loader reads the same ones), so the
// controls show the newest at once while the results are the loaded ones.

export interface MarketplacePageProps {
  listings: MarketplaceListing[];
  total: number;
  /** Above a thousand past the page, the count stops: 'More than N', and more pages follow. */
  totalCapped: boolean;
  filters: MarketplaceFilters;
  access: FeatureAccess | null;
  upsellDismissed: boolean;
  /** A listing opened by its address (?listing={id}, a search result), shown in its details. */
  opened: MarketplaceListing | null;
  /** Which of these hearts are filled: the account's saved listings. */
  savedIds: string[];
}

/** How many pages of results there are (at least one, so an empty search still has its page). */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / MARKETPLACE_PAGE_SIZE));

const QUICK_CATEGORIES = MARKETPLACE_CATEGORIES.slice(0, QUICK_CATEGORY_COUNT);

function requestPosition(): Promise<{ latitude: number; longitude: number } | null> {
  return new Promise((resolve) => {
    if (!("geolocation" in navigator)) {
      console.error("Geolocation is not supported by this browser.");
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => {
        console.error("Geolocation failed", error);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

export function MarketplacePage({
  listings,
  total,
  totalCapped,
  filters,
  access,
  upsellDismissed,
  opened,
  savedIds,
}: MarketplacePageProps) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const hearts = useSavedHearts(savedIds);
  useMoveLocalHearts();
  const [showFilters, setShowFilters] = useState(false);
  const [locationOpen, setLocationOpen] = useState(false);
  const [viewing, setViewing] = useState<MarketplaceListing | null>(opened);
  const [, setSearchParams] = useSearchParams();
  // A listing opened by its address (a search result) shows its details, and closing them leaves the address.
  useEffect(() => {
    if (opened) setViewing(opened);
  }, [opened]);
  const closeDetails = useCallback(() => {
    setViewing(null);
    if (opened)
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("listing");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
  }, [opened, setSearchParams]);
  const countId = useId();
  // A new search starts again at the first page.
  const { text: search, setText: setSearch } = useUrlSearch({ param: "search", resets: ["page"] });
  // Until the new results arrive, the count reads 'Loading...' and the old cards are dimmed.
  const { filtering: loading, update, params } = useUrlFilters();
  // The controls show the newest filters at once; the results are the loaded ones.
  const shown = readFilters(params);

  // Each change builds on the newest filters, including ones still loading.
  const apply = useCallback(
    (change: (current: MarketplaceFilters) => MarketplaceFilters) =>
      update((params) => writeFilters(change(readFilters(params)))),
    [update],
  );

  /** Every filter and the search box back to their defaults; the view stays. */
  function clearFilters() {
    // Also drops typing not yet in the address, which would otherwise arrive after the clearing.
    setSearch("");
    apply((current) => ({ ...DEFAULT_FILTERS, viewMode: current.viewMode }));
  }

  const pages = pageCount(total);
  const sortOptions = useMemo(
    () =>
      [
        ["newest", t("marketplace.sortNewest")],
        ["price_low", t("marketplace.sortPriceLow")],
        ["price_high", t("marketplace.sortPriceHigh")],
        ...(shown.location.enabled ? [["distance", t("marketplace.sortDistance")]] : []),
      ] as [SortBy, string][],
    [shown.location.enabled, t],
  );

  function toggleCategory(category: string) {
    apply((current) => ({
      ...current,
      categories: current.categories.includes(category)
        ? current.categories.filter((item) => item !== category)
        : [...current.categories, category],
      page: 1,
    }));
  }

  /** The X on 'Near Ibadan · 50 km': no place, no distance sort. */
  function clearLocation() {
    apply((current) => ({
      ...current,
      location: DEFAULT_FILTERS.location,
      sortBy: current.sortBy === "distance" ? DEFAULT_FILTERS.sortBy : current.sortBy,
      page: 1,
    }));
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <PageHeader title={t("marketplace.title")} subtitle={t("marketplace.subtitle")} />
      <MarketplaceUpsell access={access} dismissed={upsellDismissed} />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchBox
          id="marketplace-search"
          label={t("marketplace.searchPlaceholder")}
          // The whole placeholder from 640 px up; on a phone a short one that fits (the label keeps the whole).
          placeholder={wide ? t("marketplace.searchPlaceholder") : t("marketplace.searchPlaceholderShort")}
          value={search}
          onChange={setSearch}
          maxLength={100}
        />
        {/* One row at every width: on a phone the two buttons drop their icons so their labels fit whole, and the view switch never sits alone. */}
        <div className="flex min-w-0 items-center gap-2">
          <Button
            variant="outline"
            className="min-w-0 px-3 sm:px-4"
            onClick={() => setShowFilters((open) => !open)}
            aria-expanded={showFilters}
            aria-controls="marketplace-filters"
          >
            <Icon name="settings" className="hidden h-4 w-4 flex-none sm:block" />
            <span className="truncate">{t("marketplace.filters")}</span>
          </Button>
          <Button
            variant={shown.location.enabled ? "default" : "outline"}
            className="min-w-0 px-3 sm:px-4"
            onClick={() => setLocationOpen(true)}
          >
            <Icon name="pin" className="hidden h-4 w-4 flex-none sm:block" />
            <span className="truncate">{t("marketplace.nearMe")}</span>
          </Button>
          <div
            className="ml-auto flex flex-none rounded-lg border border-gray-300 p-0.5 dark:border-gray-700"
            role="group"
            aria-label={t("marketplace.viewMode")}
          >
            {(["grid", "list"] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={shown.viewMode === mode}
                aria-label={mode === "grid" ? t("marketplace.gridView") : t("marketplace.listView")}
                onClick={() => apply((current) => ({ ...current, viewMode: mode }))}
                className={cn(
                  "inline-flex h-9 w-10 items-center justify-center rounded-md",
                  shown.viewMode === mode ? "bg-brand-600 text-white" : "text-gray-600 dark:text-gray-300",
                )}
              >
                <Icon name={mode === "grid" ? "catalog" : "list"} className="h-4 w-4" />
              </button>
            ))}
          </div>
        </div>
      </div>

      {showFilters ? (
        <FilterPanel
          filters={filters}
          onApply={(next) => {
            // The typed search stays as it is, even one not yet in the address.
            apply((current) => ({ ...next, search: current.search }));
            setShowFilters(false);
          }}
          onClear={() => {
            clearFilters();
            setShowFilters(false);
          }}
          onRequestLocation={requestPosition}
        />
      ) : null}

      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {QUICK_CATEGORIES.map((category) => {
          const on = shown.categories.includes(category);
          return (
            <ToggleChip key={category} pressed={on} onClick={() => toggleCategory(category)} className="flex-none">
              {t(categoryKey(category))}
            </ToggleChip>
          );
        })}
        <button
          type="button"
          onClick={() => setShowFilters(true)}
          className="min-h-9 flex-none rounded-full border border-dashed border-gray-300 px-3 text-sm text-gray-700 dark:border-gray-700 dark:text-gray-300"
        >
          {t("marketplace.moreCategories", { count: MARKETPLACE_CATEGORIES.length - QUICK_CATEGORIES.length })}
        </button>
      </div>

      {/* The count, then the sort; on a phone the place filtered on gets a line of its own under them, beside the count on wider screens. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p
          id={countId}
          className="order-1 whitespace-nowrap text-sm text-gray-600 dark:text-gray-400"
          aria-live="polite"
        >
          {loading
            ? t("marketplace.loading")
            : t(totalCapped ? "marketplace.countMore" : "marketplace.count", { count: total })}
        </p>
        {shown.location.enabled ? (
          <PlaceChip
            text={
              shown.location.place
                ? t("marketplace.nearPlace", { place: shown.location.place, km: shown.location.radiusKm })
                : t("marketplace.nearYou", { km: shown.location.radiusKm })
            }
            clearLabel={t("marketplace.clearLocation")}
            onClear={clearLocation}
            className="order-3 sm:order-2"
          />
        ) : null}
        <label className="order-2 ml-auto flex min-w-0 items-center gap-2 text-sm sm:order-3">
          <span className="hidden sm:inline">{t("marketplace.sortLabel")}</span>
          <NativeSelect
            aria-label={t("marketplace.sortLabel")}
            className="min-h-10 w-auto min-w-0 max-w-44 sm:max-w-none"
            value={shown.sortBy}
            onChange={(event) => {
              const sortBy = event.target.value as SortBy;
              apply((current) => ({ ...current, sortBy, page: 1 }));
            }}
          >
            {sortOptions.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>

      <section
        aria-labelledby={countId}
        aria-busy={loading}
        className={cn("transition-opacity", loading && listings.length > 0 && "pointer-events-none opacity-50")}
      >
        {loading && listings.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-gray-600 dark:text-gray-400" role="status">
            <span
              className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
              aria-hidden="true"
            />
            {t("marketplace.loadingMarketplace")}
          </div>
        ) : listings.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-300 p-10 text-center dark:border-gray-700">
            <p>{t("marketplace.empty")}</p>
            <Button variant="outline" onClick={clearFilters}>
              {t("marketplace.clearFilters")}
            </Button>
          </div>
        ) : (
          <div
            className={
              filters.viewMode === "grid"
                ? "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
                : "flex flex-col gap-3"
            }
          >
            {listings.map((listing, index) => (
              <ListingCard
                key={listing.id}
                listing={listing}
                priority={index < 2}
                view={filters.viewMode}
                favourite={hearts.isSaved(listing.id)}
                onToggleFavourite={() => hearts.toggle(listing.id)}
                onView={() => setViewing(listing)}
              />
            ))}
          </div>
        )}
      </section>

      {pages > 1 ? (
        <nav
          className="flex items-center justify-center gap-3"
          aria-label={t(totalCapped ? "marketplace.pageMore" : "marketplace.page", { page: filters.page, pages })}
        >
          <Button
            variant="outline"
            disabled={filters.page <= 1}
            onClick={() => apply((current) => ({ ...current, page: current.page - 1 }))}
          >
            {t("marketplace.previous")}
          </Button>
          <span className="text-sm">
            {t(totalCapped ? "marketplace.pageMore" : "marketplace.page", { page: filters.page, pages })}
          </span>
          <Button
            variant="outline"
            disabled={filters.page >= pages}
            onClick={() => apply((current) => ({ ...current, page: current.page + 1 }))}
          >
            {t("marketplace.next")}
          </Button>
        </nav>
      ) : null}

      <LocationDialog
        open={locationOpen}
        onOpenChange={setLocationOpen}
        title={t("marketplace.nearTitle")}
        onChoose={(place) =>
          apply((current) => ({
            ...current,
            location: {
              ...current.location,
              enabled: true,
              latitude: place.latitude,
              longitude: place.longitude,
              place: place.town,
            },
            page: 1,
          }))
        }
      />
      <ListingDetails listing={viewing} onClose={closeDetails} />
    </div>
  );
}
