import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { categoryKey, MARKETPLACE_CATEGORIES } from "~/modules/products/constants";
import { LISTING_CONDITIONS } from "~/modules/listings/constants";
import { formatNaira } from "~/lib/currency";
import { PRICE_SLIDER, RADIUS_SLIDER, type Condition, type MarketplaceFilters } from "./filters";
import { ToggleChip } from "~/components/ui/toggle-chip";

// The collapsible filter panel: changes are a draft until 'Apply Filters'.

/**
 * One or two thumbs on one track (a minimum and a maximum), made of the browser's
 * own range inputs: light, and the phone's usual touch and keyboard handling.
 * The two thumbs never cross.
 */
function RangeSlider({
  label,
  value,
  onChange,
  min,
  max,
  step,
  format,
}: {
  label: string;
  value: number[];
  onChange: (value: number[]) => void;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
}) {
  const share = (thumb: number) => ((thumb - min) / (max - min)) * 100;
  const from = value.length > 1 ? share(value[0]!) : 0;
  const to = share(value[value.length - 1]!);
  const set = (index: number, next: number) => {
    const other = value[index === 0 ? 1 : 0];
    const kept =
      value.length < 2 || other === undefined ? next : index === 0 ? Math.min(next, other) : Math.max(next, other);
    onChange(value.map((thumb, at) => (at === index ? kept : thumb)));
  };
  return (
    <div className="relative h-8 w-full">
      {/* Inset by half a thumb: where a thumb's centre can travel, so the green part ends under each thumb. */}
      <div
        aria-hidden="true"
        className="absolute inset-x-3 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <div
          className="absolute h-full rounded-full bg-brand-600"
          style={{ left: `${from}%`, right: `${100 - to}%` }}
        />
      </div>
      {value.map((thumb, index) => (
        <input
          key={index}
          type="range"
          className="range-thumb"
          min={min}
          max={max}
          step={step}
          value={thumb}
          aria-label={`${label} ${index === 0 && value.length > 1 ? "min" : "max"}`}
          aria-valuetext={format(thumb)}
          onChange={(event) => set(index, Number(event.currentTarget.value))}
        />
      ))}
    </div>
  );
}

export function FilterPanel({
  filters,
  onApply,
  onClear,
  onRequestLocation,
}: {
  filters: MarketplaceFilters;
  /** 'Apply Filters': the panel's filters (the search box is not the panel's). */
  onApply: (next: Omit<MarketplaceFilters, "search">) => void;
  /** 'Clear Filters': every filter and the search back to their defaults. */
  onClear: () => void;
  /** Asks the device for its position when the location switch is turned on with none stored. */
  onRequestLocation: () => Promise<{ latitude: number; longitude: number } | null>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters]);

  function toggle<T extends string>(list: T[], value: T) {
    return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
  }

  async function setLocationEnabled(enabled: boolean) {
    if (enabled && (draft.location.latitude === null || draft.location.longitude === null)) {
      const position = await onRequestLocation();
      // Denied or unavailable: the coordinates stay unset (the error is only logged).
      if (!position) return;
      setDraft((current) => ({
        ...current,
        location: { ...current.location, enabled: true, ...position, place: null },
      }));
      return;
    }
    setDraft((current) => ({ ...current, location: { ...current.location, enabled } }));
  }

  return (
    <section
      id="marketplace-filters"
      aria-label={t("marketplace.filters")}
      className="flex flex-col gap-5 rounded-2xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900 sm:p-5"
    >
      <div>
        <p className="mb-2 text-sm font-semibold">{t("marketplace.priceRange")}</p>
        <RangeSlider
          label={t("marketplace.priceRange")}
          value={draft.priceRange}
          onChange={(value) =>
            setDraft({ ...draft, priceRange: [value[0] ?? PRICE_SLIDER.min, value[1] ?? PRICE_SLIDER.max] })
          }
          min={PRICE_SLIDER.min}
          max={PRICE_SLIDER.max}
          step={PRICE_SLIDER.step}
          format={formatNaira}
        />
        <p className="mt-1 flex justify-between text-sm text-gray-600 dark:text-gray-400">
          <span>{formatNaira(draft.priceRange[0])}</span>
          <span>{formatNaira(draft.priceRange[1])}</span>
        </p>
      </div>

      <div>
        <p className="mb-2 text-sm font-semibold">{t("listing.form.condition")}</p>
        {/* One a row on a phone: two to a row left a name beside its switch some 65 px, and 'Bíi
            tuntun' or 'Comme neuf' broke over two lines. */}
        <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
          {LISTING_CONDITIONS.map((condition) => (
            <label
              key={condition}
              className="flex min-h-10 items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 text-sm dark:border-gray-700"
            >
              {t(`listing.conditions.${condition}`)}
              <Switch
                checked={draft.condition.includes(condition)}
                onCheckedChange={() => setDraft({ ...draft, condition: toggle<Condition>(draft.condition, condition) })}
              />
            </label>
          ))}
        </div>
      </div>

      <div>
        <p className="mb-2 text-sm font-semibold">{t("catalog.categoryFilter")}</p>
        <div className="flex flex-wrap gap-2">
          {MARKETPLACE_CATEGORIES.map((category) => {
            const on = draft.categories.includes(category);
            return (
              <ToggleChip
                key={category}
                pressed={on}
                onClick={() => setDraft({ ...draft, categories: toggle(draft.categories, category) })}
              >
                {t(categoryKey(category))}
              </ToggleChip>
            );
          })}
        </div>
      </div>

      <div>
        <label className="flex items-center justify-between gap-2 text-sm font-semibold">
          {t("marketplace.useLocation")}
          <Switch checked={draft.location.enabled} onCheckedChange={(value) => void setLocationEnabled(value)} />
        </label>
        {draft.location.enabled ? (
          <div className="mt-2">
            <RangeSlider
              label={t("marketplace.radius", { km: draft.location.radiusKm })}
              value={[draft.location.radiusKm]}
              onChange={(value) =>
                setDraft({ ...draft, location: { ...draft.location, radiusKm: value[0] ?? RADIUS_SLIDER.default } })
              }
              min={RADIUS_SLIDER.min}
              max={RADIUS_SLIDER.max}
              step={RADIUS_SLIDER.step}
              format={(km) => `${km} km`}
            />
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
              {t("marketplace.radius", { km: draft.location.radiusKm })}
            </p>
          </div>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClear}>
          {t("marketplace.clearFilters")}
        </Button>
        <Button onClick={() => onApply({ ...draft, page: 1 })}>{t("marketplace.applyFilters")}</Button>
      </div>
    </section>
  );
}
