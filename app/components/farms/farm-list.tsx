import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { MAPPING_LIMITS } from "~/modules/farms/constants";
import type { FarmDto } from "~/modules/farms/types";
import { cropSummary, formatArea, formatCoordinate } from "./format";
import { useFormatNumber } from "~/lib/numbers";

// The My Farms card: the farmer's farms to choose from (the Create Farm dialog is in farm-dialogs.tsx).

export function CropBadges({ crops, shown }: { crops: readonly string[]; shown: number }) {
  const { t } = useTranslation();
  const summary = cropSummary(crops, shown);
  if (crops.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t("mapping.crops")}>
      {summary.shown.map((crop) => (
        <li
          key={crop}
          className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200"
        >
          {crop}
        </li>
      ))}
      {summary.more > 0 ? (
        <li className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-300">
          {t("mapping.moreCrops", { count: summary.more })}
        </li>
      ) : null}
    </ul>
  );
}

function FarmSummary({ farm, locale }: { farm: FarmDto; locale: string }) {
  const { t } = useTranslation();
  const area = formatArea(farm.areaHectares, t, locale);
  return (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="font-semibold break-words">{farm.name}</span>
        {area ? <span className="shrink-0 text-sm font-medium text-brand-700 dark:text-brand-300">{area}</span> : null}
      </span>
      <span className="text-xs text-gray-500">
        {formatCoordinate(farm.centerLat)}, {formatCoordinate(farm.centerLng)}
      </span>
      <CropBadges crops={farm.crops} shown={MAPPING_LIMITS.farmCardCrops} />
    </>
  );
}

export function FarmsCard({
  farms,
  selectedId,
  locale,
  loadFailed,
  onSelect,
  onCreate,
}: {
  farms: FarmDto[];
  selectedId: string | null;
  locale: string;
  loadFailed: boolean;
  onSelect(farm: FarmDto): void;
  /** Opens the Create Farm dialog. */
  onCreate(): void;
}) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          {t("mapping.myFarms")}
          <span
            className="rounded-full bg-gray-100 px-2 py-0.5 text-sm font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-300"
            data-farm-count=""
          >
            {formatNumber(farms.length)}
          </span>
        </CardTitle>
        <Button size="sm" onClick={onCreate}>
          <Icon name="plus" className="h-4 w-4" />
          {t("mapping.createFarm")}
        </Button>
      </CardHeader>
      <CardContent>
        {loadFailed ? <p className="text-sm text-red-600 dark:text-red-400">{t("mapping.errors.loadFailed")}</p> : null}
        {!loadFailed && farms.length === 0 ? (
          <div className="rounded-xl border border-dashed border-gray-300 p-4 text-center dark:border-gray-700">
            <p className="font-medium">{t("mapping.noFarms")}</p>
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("mapping.noFarmsText")}</p>
          </div>
        ) : null}
        <ul className="flex flex-col gap-2">
          {farms.map((farm) => {
            const selected = farm.id === selectedId;
            return (
              <li key={farm.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  data-farm-card={farm.id}
                  onClick={() => onSelect(farm)}
                  className={cn(
                    "flex w-full flex-col gap-1 rounded-xl border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-500",
                    selected
                      ? "border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-950"
                      : "border-gray-200 hover:bg-gray-50 dark:border-gray-800 dark:hover:bg-gray-800",
                  )}
                >
                  <FarmSummary farm={farm} locale={locale} />
                </button>
              </li>
            );
          })}
        </ul>
        {farms.length > 0 && !selectedId ? (
          <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">{t("mapping.selectFarm")}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Without farm-mapping access: the farmer's farms stay listed, and each can be taken away as a file. */
export function ReadOnlyFarms({ farms, locale }: { farms: FarmDto[]; locale: string }) {
  const { t } = useTranslation();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t("mapping.myFarms")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {farms.map((farm) => (
            <li
              key={farm.id}
              className="flex flex-col gap-2 rounded-xl border border-gray-200 p-3 dark:border-gray-800 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex flex-col gap-1">
                <FarmSummary farm={farm} locale={locale} />
              </div>
              <FarmExportLinks farmId={farm.id} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The farm's map to take away: GeoJSON for GIS tools, KML for Google Earth and GPS devices. */
export function FarmExportLinks({ farmId }: { farmId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      {(
        [
          ["", "mapping.export"],
          ["?format=kml", "mapping.exportKml"],
        ] as const
      ).map(([query, label]) => (
        <Button key={label} asChild variant="outline" size="sm">
          <a href={`/api/farms/${farmId}/export${query}`} download>
            <Icon name="download" className="h-4 w-4" />
            {t(label)}
          </a>
        </Button>
      ))}
    </div>
  );
}
