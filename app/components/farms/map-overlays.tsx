import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { MAPPING_LIMITS } from "~/modules/farms/constants";
import type { DrawMode, DrawProgress } from "./farm-map.client";
import { formatArea } from "./format";
import { checkRing } from "./shape";
import type { Walk } from "./use-boundary-walk";
import { walkRing } from "./walk";

// What lies over the map: the drawing and walking panels (over it, so starting
// to draw never moves the map under the finger) and the placeholder shown
// until Leaflet has loaded.

/** The drawing and walking panels' buttons: three to a row on a phone, in any language. */
const PANEL_BUTTON = "min-h-9 gap-1 whitespace-normal px-2 text-xs leading-tight sm:text-sm";

export function DrawingPanel({
  mode,
  progress,
  locale,
  onFinish,
  onUndo,
  onCancel,
}: {
  mode: DrawMode;
  progress: DrawProgress;
  locale: string;
  onFinish(): void;
  onUndo(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const liveArea = formatArea(progress.areaSquareMetres / 10_000, t, locale);
  return (
    <div
      role="status"
      className="absolute inset-x-2 top-2 z-[1100] flex flex-col gap-1.5 rounded-xl border border-brand-200 bg-brand-50/95 p-2.5 text-sm shadow-md dark:border-brand-800 dark:bg-brand-950/95"
      data-drawing={mode}
      data-drawing-ready={progress.ready ? "" : undefined}
    >
      <p className="line-clamp-2 text-xs">
        {progress.ready ? t(mode === "farm" ? "mapping.drawing.farm" : "mapping.drawing.plot") : t("common.loading")}
      </p>
      <p className="font-semibold" data-live-area="">
        {t("mapping.drawing.area", { area: liveArea })} · {t("mapping.drawing.corners", { count: progress.corners })}
      </p>
      <div className="grid grid-cols-3 gap-1.5 sm:flex sm:flex-wrap">
        <Button size="sm" className={PANEL_BUTTON} onClick={onFinish} disabled={progress.corners < 3}>
          <Icon name="check" className="h-4 w-4 shrink-0" />
          {t("mapping.drawing.finish")}
        </Button>
        <Button size="sm" variant="outline" className={PANEL_BUTTON} onClick={onUndo} disabled={progress.corners < 1}>
          <Icon name="undo" className="h-4 w-4 shrink-0" />
          {t("mapping.drawing.undo")}
        </Button>
        <Button size="sm" variant="outline" className={PANEL_BUTTON} onClick={onCancel}>
          <Icon name="close" className="h-4 w-4 shrink-0" />
          {t("mapping.cancelDrawing")}
        </Button>
      </div>
    </div>
  );
}

export function WalkPanel({
  walk,
  locale,
  onSave,
  onCancel,
}: {
  walk: Walk;
  locale: string;
  onSave(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const ring = walkRing(walk);
  const accuracy = walk.last ? Math.round(walk.last.accuracy) : null;
  const poor = accuracy !== null && accuracy > MAPPING_LIMITS.walkMaxAccuracyMetres;
  const area = ring ? formatArea(walkedHectares(ring), t, locale) : null;
  return (
    <div
      role="status"
      className="absolute inset-x-2 top-2 z-[1100] flex flex-col gap-1.5 rounded-xl border border-blue-200 bg-blue-50/95 p-2.5 text-sm shadow-md dark:border-blue-900 dark:bg-blue-950/95"
      data-walk=""
    >
      <p className="font-semibold">{t("mapping.walk.title")}</p>
      <p className="line-clamp-3 text-xs">{t("mapping.walk.help")}</p>
      <p data-walk-points="">
        {t("mapping.walk.points", { count: walk.corners.length })}
        {area ? ` · ${t("mapping.drawing.area", { area })}` : ""}
      </p>
      <p className={poor ? "text-earth-600 dark:text-earth-400" : undefined}>
        {accuracy === null
          ? t("mapping.walk.waiting")
          : poor
            ? t("mapping.walk.poorAccuracy", { metres: accuracy })
            : t("mapping.walk.accuracy", { metres: accuracy })}
      </p>
      <div className="grid grid-cols-2 gap-1.5 sm:flex sm:flex-wrap">
        <Button size="sm" className={PANEL_BUTTON} onClick={onSave} disabled={walk.saving || walk.corners.length < 3}>
          <Icon name="check" className="h-4 w-4 shrink-0" />
          {walk.saving ? t("mapping.walk.saving") : t("mapping.walk.save")}
        </Button>
        <Button size="sm" variant="outline" className={PANEL_BUTTON} onClick={onCancel} disabled={walk.saving}>
          <Icon name="close" className="h-4 w-4 shrink-0" />
          {t("mapping.cancelDrawing")}
        </Button>
      </div>
    </div>
  );
}

/** The area of a walked ring so far, in hectares (0 while it crosses itself). */
function walkedHectares(ring: Parameters<typeof checkRing>[0]) {
  const check = checkRing(ring);
  return check.ok ? check.areaHectares : 0;
}

export function MapPlaceholder() {
  const { t } = useTranslation();
  return (
    <div
      className="flex h-full w-full items-center justify-center bg-[#e7efe3] text-sm text-gray-700 dark:bg-[#1f2a22] dark:text-gray-300"
      data-map-loading=""
    >
      {t("mapping.loading")}
    </div>
  );
}
