import { Link } from "@remix-run/react";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/shell/page-header";
import { Button } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icons";
import { Photo } from "~/components/ui/photo";
import { NativeSelect } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { ToggleChip } from "~/components/ui/toggle-chip";
import { cn } from "~/lib/cn";
import { isMessageKey } from "~/server/refusal";
import { useUrlFilters, useUrlSearch } from "~/lib/use-url-search";
import { pricePerUnit } from "~/modules/listings/price";
import { SEARCH_RADII, SEARCH_TEXT_MAX } from "~/modules/search/constants";
import type { SearchData, SearchResult } from "~/modules/search/search.server";
import type { SearchEntity } from "../../../search/documents";
import { DEFAULT_SEARCH_FILTERS, readSearchFilters, writeSearchFilters, type SearchFilters } from "./filters";
import { Highlighted } from "./highlight";
import { PlaceChip } from "./place-chip";
import { SearchBox } from "./search-box";

// Search & Discover: products, marketplace listings and farms in one search, with content-type and
// place filters kept in the address (the controls show the newest at once; the results are the
// loaded ones), and a start state offering ways in before anything is searched.

export interface SearchPageProps {
  filters: SearchFilters;
  /** Null before anything is searched (or when the search failed). */
  results: SearchData | null;
  /** A message key, or the refusal's message (too many searches). */
  error: string | null;
}

// When the results on screen were loaded: the route keeps them a while (its shouldRevalidate).
let loadedAt = 0;
/** How long ago, in milliseconds, the results on screen were loaded. */
export const resultsAge = () => Date.now() - loadedAt;

type LocationAlert = "search.geoUnsupported" | "search.geoDenied";

function locate(): Promise<{ lat: number; lng: number } | LocationAlert> {
  return new Promise((resolve) => {
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) {
      resolve("search.geoUnsupported");
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => resolve("search.geoDenied"),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

const GROUPS: { type: SearchEntity; key: "products" | "listings" | "farms"; icon: IconName }[] = [
  { type: "product", key: "products", icon: "catalog" },
  { type: "listing", key: "listings", icon: "store" },
  { type: "farm", key: "farms", icon: "map" },
];

/** Where a result leads: a listing's details, a product's listings on the marketplace, or the owner's farm map. */
function resultHref(result: SearchResult) {
  if (result.type === "farm") return "/mapping";
  if (result.type === "listing") return `/marketplace?${new URLSearchParams({ listing: result.entityId })}`;
  return `/marketplace?${new URLSearchParams({ search: result.title })}`;
}

function ResultCard({ result }: { result: SearchResult }) {
  const { t } = useTranslation();
  const price = result.priceNgn !== null ? pricePerUnit(t, result.priceNgn, result.unit).text : null;
  const flagged = result.type === "listing" && (result.status === "sold" || result.status === "paused");
  return (
    <li>
      <Link
        to={resultHref(result)}
        className="flex gap-3 rounded-xl border border-gray-200 bg-white p-3 hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-gray-800 dark:bg-gray-900 dark:hover:border-brand-600"
        data-result={result.type}
      >
        <div className="flex h-16 w-16 flex-none items-center justify-center overflow-hidden rounded-lg bg-gray-100 text-gray-400 dark:bg-gray-800">
          {result.image ? (
            <Photo src={result.image} sizes="64px" className="h-full w-full object-cover" />
          ) : (
            <Icon
              name={result.type === "farm" ? "map" : result.type === "listing" ? "store" : "leaf"}
              className="h-6 w-6"
            />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex min-w-0 items-start gap-2">
            <h3 className="min-w-0 flex-1 break-words font-semibold">
              <Highlighted title={result.title} matched={result.matched} />
            </h3>
            {flagged ? (
              <span className="flex-none rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-700 dark:text-gray-200">
                {t(result.status === "sold" ? "search.sold" : "search.paused")}
              </span>
            ) : null}
          </div>
          {price ? <p className="font-semibold text-brand-700 dark:text-brand-300">{price}</p> : null}
          {result.type !== "listing" && result.snippet ? (
            <p className="line-clamp-2 break-words text-sm text-gray-600 dark:text-gray-400">{result.snippet}</p>
          ) : null}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-gray-600 dark:text-gray-400">
            {result.type === "listing" ? (
              <span className="inline-flex min-w-0 items-center gap-1">
                <Icon name="pin" className="h-3.5 w-3.5 flex-none" />
                <span className="truncate">{result.locality || t("search.noPlace")}</span>
              </span>
            ) : null}
            {result.type === "farm" ? <span>{t("search.yourFarm")}</span> : null}
            {result.distanceKm !== null ? (
              <span data-distance>{t("search.kmAway", { km: result.distanceKm })}</span>
            ) : null}
          </p>
        </div>
      </Link>
    </li>
  );
}

function ResultGroup({ title, icon, results }: { title: string; icon: IconName; results: SearchResult[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Icon name={icon} className="h-5 w-5 text-brand-600 dark:text-brand-400" />
        <span>{title}</span>
        <span className="rounded-full bg-gray-100 px-2 text-sm font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-300">
          {results.length}
        </span>
      </h2>
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {results.map((result) => (
          <ResultCard key={`${result.type}_${result.id}`} result={result} />
        ))}
      </ul>
    </section>
  );
}

export function SearchPage({ results, error, filters }: SearchPageProps) {
  const { t } = useTranslation();
  const [showFilters, setShowFilters] = useState(false);
  const [locating, setLocating] = useState(false);
  const [alert, setAlert] = useState<LocationAlert | null>(null);
  const countId = useId();
  const { text, setText } = useUrlSearch({ param: "q" });
  const { filtering: loading, update, params } = useUrlFilters();
  // The controls show the newest filters at once; the results are the loaded ones.
  const shown = readSearchFilters(params);

  useEffect(() => {
    loadedAt = Date.now();
  }, [results, error]);

  const apply = useCallback(
    (change: (current: SearchFilters) => SearchFilters) =>
      update((params) => writeSearchFilters(change(readSearchFilters(params)))),
    [update],
  );

  function toggleType(type: SearchEntity) {
    apply((current) => ({
      ...current,
      types: current.types.includes(type) ? current.types.filter((item) => item !== type) : [...current.types, type],
    }));
  }

  async function turnLocationOn() {
    setAlert(null);
    setLocating(true);
    const place = await locate();
    setLocating(false);
    if (typeof place === "string") setAlert(place);
    else apply((current) => ({ ...current, point: place }));
  }

  const clearLocation = () => apply((current) => ({ ...current, point: null }));

  /** Content types and location back to none; the text stays. */
  function clearAll() {
    setAlert(null);
    apply((current) => ({ ...DEFAULT_SEARCH_FILTERS, q: current.q }));
  }

  const total = results ? results.products.length + results.listings.length + results.farms.length : 0;
  const filtersOn = shown.types.length > 0 || shown.point !== null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageHeader title={t("search.title")} subtitle={t("search.subtitle")} />

      <div className="flex gap-2">
        <SearchBox
          id="search-page-box"
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          value={text}
          onChange={setText}
          maxLength={SEARCH_TEXT_MAX}
          enterKeyHint="search"
          className="min-w-0"
        />
        <Button
          variant={filtersOn ? "default" : "outline"}
          className="flex-none px-3 sm:px-4"
          onClick={() => setShowFilters((open) => !open)}
          aria-expanded={showFilters}
          aria-controls="search-filters"
        >
          <Icon name="settings" className="h-4 w-4 flex-none" />
          <span>{t("search.filters")}</span>
        </Button>
      </div>

      {showFilters ? (
        <div
          id="search-filters"
          className="flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold">{t("search.contentTypes")}</legend>
            <div className="flex flex-wrap gap-2">
              {GROUPS.map(({ type, icon }) => {
                const on = shown.types.includes(type);
                return (
                  <ToggleChip
                    key={type}
                    pressed={on}
                    onClick={() => toggleType(type)}
                    className="inline-flex min-h-10 items-center gap-1.5"
                  >
                    <Icon name={icon} className="h-4 w-4 flex-none" />
                    {t(`search.types.${type}`)}
                  </ToggleChip>
                );
              })}
            </div>
          </fieldset>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-semibold">{t("search.location")}</legend>
            <label className="flex items-center gap-3 text-sm">
              <Switch
                checked={shown.point !== null}
                disabled={locating}
                onCheckedChange={(on) => (on ? void turnLocationOn() : clearLocation())}
                aria-describedby={alert ? "search-location-alert" : undefined}
              />
              <span>{locating ? t("search.locating") : t("search.useLocation")}</span>
            </label>
            {alert ? (
              <p
                id="search-location-alert"
                role="alert"
                className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              >
                {t(alert)}
              </p>
            ) : null}
            <label className="flex flex-wrap items-center gap-2 text-sm">
              <span>{t("search.radius")}</span>
              <NativeSelect
                className="min-h-10 w-auto"
                value={String(shown.radiusKm)}
                onChange={(event) => {
                  const radiusKm =
                    SEARCH_RADII.find((option) => String(option) === event.target.value) ??
                    DEFAULT_SEARCH_FILTERS.radiusKm;
                  apply((current) => ({ ...current, radiusKm }));
                }}
              >
                {SEARCH_RADII.map((km) => (
                  <option key={km} value={km}>
                    {t("search.radiusOption", { km })}
                  </option>
                ))}
              </NativeSelect>
            </label>
          </fieldset>

          <div>
            <Button variant="outline" onClick={clearAll}>
              {t("search.clearAll")}
            </Button>
          </div>
        </div>
      ) : null}

      {shown.point ? (
        <PlaceChip
          text={t("search.nearYou", { km: shown.radiusKm })}
          clearLabel={t("search.clearLocation")}
          onClear={clearLocation}
          className="self-start"
        />
      ) : null}

      {results || loading ? (
        <p id={countId} className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
          {loading ? t("search.searching") : t("search.count", { count: total })}
        </p>
      ) : null}

      <div
        aria-busy={loading}
        aria-labelledby={results || loading ? countId : undefined}
        className={cn(
          "flex flex-col gap-6 transition-opacity",
          loading && total > 0 && "pointer-events-none opacity-50",
        )}
      >
        {error ? (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {t("search.error", { message: isMessageKey(error) ? t(error) : error })}
          </p>
        ) : loading && !results ? (
          <div className="flex flex-col items-center gap-3 py-16 text-gray-600 dark:text-gray-400" role="status">
            <span
              className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
              aria-hidden="true"
            />
            {t("search.searching")}
          </div>
        ) : !results ? (
          <StartState />
        ) : total === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-300 p-10 text-center dark:border-gray-700">
            <Icon name="search" className="h-8 w-8 text-gray-400" />
            <p className="font-semibold">{t("search.empty")}</p>
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("search.emptyHint")}</p>
            {filters.types.length > 0 || filters.point ? (
              <Button variant="outline" onClick={clearAll}>
                {t("search.clearAll")}
              </Button>
            ) : null}
          </div>
        ) : (
          GROUPS.filter(({ key }) => results[key].length > 0).map(({ key, icon, type }) => (
            <ResultGroup
              key={key}
              title={t(`search.types.${type}`)}
              icon={icon}
              results={(results as SearchData)[key]}
            />
          ))
        )}
      </div>
    </div>
  );
}

function StartState() {
  const { t } = useTranslation();
  const ways: { to: string; label: string; icon: IconName }[] = [
    { to: "/search?types=product", label: t("search.browseProducts"), icon: "catalog" },
    { to: "/marketplace", label: t("search.viewListings"), icon: "store" },
    { to: "/search?types=farm", label: t("search.exploreFarms"), icon: "map" },
  ];
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-2xl border border-gray-200 bg-white p-8 text-center dark:border-gray-800 dark:bg-gray-900"
      data-start
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Icon name="search" className="h-7 w-7" />
      </span>
      <h2 className="text-xl font-semibold">{t("search.startTitle")}</h2>
      <p className="max-w-md text-gray-600 dark:text-gray-400">{t("search.startText")}</p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        {ways.map((way) => (
          <Button key={way.to} asChild variant="outline">
            <Link to={way.to}>
              <Icon name={way.icon} className="h-4 w-4" />
              {way.label}
            </Link>
          </Button>
        ))}
      </div>
    </div>
  );
}
