import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { MAPPING_LIMITS, PLOT_COLOURS } from "~/modules/farms/constants";
import type { FarmDto, PlotDto } from "~/modules/farms/types";
import { CropBadges, FarmExportLinks } from "./farm-list";
import { formatArea, formatCoordinate } from "./format";
import { useFormatNumber } from "~/lib/numbers";

// The panels beside the map: the selected farm's details, its plots (edit and
// delete); the weather and soil are environment-panel.tsx's.

export function FarmDetails({
  farm,
  plotCount,
  locale,
  onEdit,
  onImport,
  onDelete,
}: {
  farm: FarmDto;
  plotCount: number;
  locale: LanguageCode;
  onEdit(): void;
  onImport(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const area = formatArea(farm.areaHectares, t, locale);
  return (
    <Card data-farm-details="">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{t("mapping.details.title")}</CardTitle>
        <FarmExportLinks farmId={farm.id} />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div>
          <p className="font-semibold break-words">{farm.name}</p>
          {farm.description ? (
            <p className="text-sm text-gray-600 dark:text-gray-400 break-words">{farm.description}</p>
          ) : null}
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-gray-500">{t("mapping.details.area")}</dt>
            <dd className="font-medium" data-farm-area="">
              {area ?? t("mapping.details.noBoundary")}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">{t("mapping.details.centre")}</dt>
            <dd className="font-medium tabular-nums">
              {formatCoordinate(farm.centerLat)}, {formatCoordinate(farm.centerLng)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">{t("mapping.details.plots")}</dt>
            <dd className="font-medium">{formatNumber(plotCount)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">{t("mapping.details.created")}</dt>
            <dd className="font-medium">{formatDate(farm.createdAt, locale)}</dd>
          </div>
        </dl>
        <div>
          <p className="mb-1 text-sm text-gray-500">{t("mapping.details.crops")}</p>
          {farm.crops.length > 0 ? (
            <CropBadges crops={farm.crops} shown={farm.crops.length} />
          ) : (
            <p className="text-sm">{t("mapping.details.noCrops")}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 border-t border-gray-100 pt-3 dark:border-gray-800">
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Icon name="pencil" className="h-4 w-4" />
            {t("mapping.editFarm")}
          </Button>
          <Button variant="outline" size="sm" onClick={onImport} data-import-open="">
            <Icon name="upload" className="h-4 w-4" />
            {t("mapping.import.button")}
          </Button>
          <Button variant="outline" size="sm" onClick={onDelete} className="text-red-700 dark:text-red-400">
            <Icon name="trash" className="h-4 w-4" />
            {t("mapping.deleteFarm")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function PlotsPanel({
  plots,
  locale,
  loadFailed,
  onEdit,
  onDelete,
}: {
  plots: PlotDto[];
  locale: string;
  loadFailed: boolean;
  onEdit(plot: PlotDto): void;
  onDelete(plot: PlotDto): void;
}) {
  const { t } = useTranslation();
  return (
    <Card data-plots-panel="">
      <CardHeader>
        <CardTitle>{t("mapping.plots.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {loadFailed ? (
          <p className="text-sm text-red-600 dark:text-red-400">{t("mapping.errors.plotsLoadFailed")}</p>
        ) : null}
        {!loadFailed && plots.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("mapping.plots.empty")}</p>
        ) : null}
        <ul className="flex flex-col divide-y divide-gray-100 dark:divide-gray-800">
          {plots.map((plot) => (
            <li key={plot.id} className="flex items-start gap-3 py-2" data-plot-row={plot.name}>
              <span
                aria-hidden="true"
                className="mt-1.5 h-3 w-3 shrink-0 rounded-full"
                style={{ backgroundColor: PLOT_COLOURS[plot.type] }}
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="font-medium break-words">{plot.name}</span>
                <span className="text-xs text-gray-500">
                  {t(`mapping.types.${plot.type}`)} ·{" "}
                  {formatArea(plot.areaHectares, t, locale) ?? t("mapping.plots.noShape")}
                </span>
                <CropBadges crops={plot.crops} shown={MAPPING_LIMITS.plotRowCrops} />
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("mapping.plots.edit", { name: plot.name })}
                onClick={() => onEdit(plot)}
              >
                <Icon name="pencil" className="h-4 w-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("mapping.plots.delete", { name: plot.name })}
                onClick={() => onDelete(plot)}
              >
                <Icon name="trash" className="h-4 w-4 text-red-600 dark:text-red-400" />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
