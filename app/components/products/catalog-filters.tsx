import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { categoryKey, PRODUCT_CATEGORIES, type ProductCategory } from "~/modules/products/constants";
import { readAddressSearch } from "~/lib/storable-text";
import { useUrlFilters, useUrlSearch } from "~/lib/use-url-search";
import { ToggleChip } from "~/components/ui/toggle-chip";

// The catalogue's filters live in the address (?search=&categories=a,b&status=),
// so the loader reads them and a reload or a shared link keeps them.

export const STATUS_FILTERS = ["all", "active", "inactive"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface CatalogFilterState {
  search: string;
  categories: ProductCategory[];
  status: StatusFilter;
}

const STATUS_LABELS: Record<StatusFilter, string> = {
  all: "catalog.allProducts",
  active: "catalog.activeOnly",
  inactive: "catalog.inactiveOnly",
};

const isCategory = (value: string): value is ProductCategory =>
  (PRODUCT_CATEGORIES as readonly string[]).includes(value);
const isStatus = (value: string | null): value is StatusFilter =>
  (STATUS_FILTERS as readonly (string | null)[]).includes(value);

/** The filters of an address; unknown categories and statuses, and a search that cannot be stored, are dropped rather than refused. */
export function readCatalogFilters(params: URLSearchParams): CatalogFilterState {
  const status = params.get("status");
  return {
    search: readAddressSearch(params.get("search"), 100),
    categories: [...new Set((params.get("categories") ?? "").split(",").map((part) => part.trim()))].filter(isCategory),
    status: isStatus(status) ? status : "all",
  };
}

/** The search box, the status and the category buttons; they show the newest filters while their products load. */
export function CatalogFilters() {
  const { t } = useTranslation();
  const { text: search, setText: setSearch } = useUrlSearch({ param: "search" });
  const { params, update } = useUrlFilters();
  const filters = readCatalogFilters(params);

  function setStatus(status: StatusFilter) {
    update((next) => {
      if (status === "all") next.delete("status");
      else next.set("status", status);
      return next;
    });
  }

  function toggleCategory(category: ProductCategory) {
    update((next) => {
      const { categories } = readCatalogFilters(next);
      const chosen = categories.includes(category)
        ? categories.filter((item) => item !== category)
        : [...categories, category];
      if (chosen.length) next.set("categories", chosen.join(","));
      else next.delete("categories");
      return next;
    });
  }

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="relative">
          <Label htmlFor="catalog-search" className="sr-only">
            {t("catalog.searchPlaceholder")}
          </Label>
          <Icon
            name="search"
            className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-gray-400"
          />
          <Input
            id="catalog-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("catalog.searchPlaceholder")}
            maxLength={100}
            autoComplete="off"
            className="pl-10"
          />
        </div>
        <div>
          <Label htmlFor="catalog-status" className="sr-only">
            {t("catalog.statusFilter")}
          </Label>
          <NativeSelect
            id="catalog-status"
            value={filters.status}
            onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : "all")}
          >
            {STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(STATUS_LABELS[status])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div role="group" aria-labelledby="catalog-category-filter" className="flex flex-col gap-2">
        <p id="catalog-category-filter" className="text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("catalog.categoryFilter")}
        </p>
        {/* One scrolling row on a phone, so twelve buttons do not push the products out of sight. */}
        <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
          {PRODUCT_CATEGORIES.map((category) => {
            const pressed = filters.categories.includes(category);
            return (
              <ToggleChip
                key={category}
                pressed={pressed}
                onClick={() => toggleCategory(category)}
                className="flex-none"
              >
                {t(categoryKey(category))}
              </ToggleChip>
            );
          })}
        </div>
      </div>
    </Card>
  );
}
