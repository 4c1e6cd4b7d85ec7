import { useFetcher, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTrialConfirm } from "~/components/premium/trial-confirm";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import type { LngLat } from "~/lib/geo";
import type { LanguageCode } from "~/lib/i18n";
import { MAP_TABS, MAPPING_LIMITS, WALK_GEOLOCATION_OPTIONS, type MapTiles } from "~/modules/farms/constants";
import { checkPolygonFeature, polygonFeature } from "~/lib/polygon";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import type { FarmDto, PlotDto } from "~/modules/farms/types";
import type { FeatureAccess } from "~/modules/premium/access";
import { replySucceeded, type PageReply } from "~/lib/page-reply";
import type { MappingIntent, MappingReplyData } from "~/modules/farms/schemas";
import type { DrawMode, DrawProgress, FarmMapHandle } from "./farm-map.client";
import { FarmDialog, FarmsCard, type FarmValues } from "./farm-list";
import { EnvironmentPanel, FarmDetails, PlotDialog, PlotsPanel, type PlotValues } from "./farm-panels";
import { drawnPlotName, formatArea } from "./format";
import { addWalkPosition, emptyWalk, walkRing, type WalkState } from "./walk";

type MappingReply = PageReply<MappingIntent, MappingReplyData>;

/** The refused fields of an answer and their messages (a dialog shows them under its fields). */
function fieldErrorsOf(answer: MappingReply): Record<string, string[]> | undefined {
  if (replySucceeded(answer)) return undefined;
  const fields = Object.entries(answer.result.error ?? {}).filter(
    (entry): entry is [string, string[]] => entry[0] !== "" && Array.isArray(entry[1]) && entry[1].length > 0,
  );
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
}

export { ReadOnlyFarms } from "./farm-list";

// Leaflet and leaflet-draw come with this module only, fetched after the page has mounted.
const FarmMap = lazy(() => import("./farm-map.client"));

/** The checks the browser can make before sending a shape (the server makes them all again, with the area limit). */
const CLIENT_LIMITS = {
  maxVertices: MAPPING_LIMITS.maxVertices,
  maxAreaHectares: Number.POSITIVE_INFINITY,
};

type Walk = (WalkState & { saving: boolean }) | null;

/** The drawing and walking panels' buttons: three to a row on a phone, in any language. */
const PANEL_BUTTON = "min-h-9 gap-1 whitespace-normal px-2 text-xs leading-tight sm:text-sm";

export function MappingWorkspace({
  access,
  farms,
  farmsFailed,
  selectedId,
  plots,
  plotsFailed,
  locale,
}: {
  access: FeatureAccess | null;
  farms: FarmDto[];
  farmsFailed: boolean;
  selectedId: string | null;
  plots: PlotDto[];
  plotsFailed: boolean;
  locale: LanguageCode;
}) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const selected = farms.find((farm) => farm.id === selectedId) ?? null;
  const trial = useTrialConfirm(access);

  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const mapHandle = useRef<FarmMapHandle>(null);
  const centre = useRef<{ latitude: number; longitude: number } | null>(null);
  const [tiles, setTiles] = useState<MapTiles>("satellite");
  const [tilesFailed, setTilesFailed] = useState(false);
  const [drawing, setDrawing] = useState<DrawMode | null>(null);
  const [progress, setProgress] = useState<DrawProgress>({
    corners: 0,
    areaSquareMetres: 0,
  });
  const [walk, setWalk] = useState<Walk>(null);
  const watchId = useRef<number | null>(null);
  const [farmDialog, setFarmDialog] = useState<{ open: boolean; farm: FarmDto | null }>({ open: false, farm: null });
  const [deletingFarm, setDeletingFarm] = useState(false);
  // Each field's messages of the dialog's last refused answer, until the dialog opens again.
  const [farmErrors, setFarmErrors] = useState<Record<string, string[]> | undefined>();
  const [plotErrors, setPlotErrors] = useState<Record<string, string[]> | undefined>();
  const openFarmDialog = (farm: FarmDto | null) => {
    setFarmErrors(undefined);
    setFarmDialog({ open: true, farm });
  };
  const openPlotDialog = (plot: PlotDto | null) => {
    setPlotErrors(undefined);
    setPlotDialog({ open: true, plot });
  };
  const [plotDialog, setPlotDialog] = useState<{
    open: boolean;
    plot: PlotDto | null;
  }>({ open: false, plot: null });
  const [deleting, setDeleting] = useState<PlotDto | null>(null);

  // One fetcher per kind of work, so one never cancels another.
  const selectFetcher = useFetcher<MappingReply>();
  const farmFetcher = useFetcher<MappingReply>();
  const shapeFetcher = useFetcher<MappingReply>();
  const plotFetcher = useFetcher<MappingReply>();

  const post = (
    fetcher: ReturnType<typeof useFetcher<MappingReply>>,
    intent: MappingIntent,
    fields: Record<string, string>,
  ) => fetcher.submit({ intent, ...fields }, { method: "post" });

  const select = (farm: FarmDto) => {
    if (farm.id === selectedId || drawing || walk) return;
    trial.run(() => post(selectFetcher, "select", { farmId: farm.id }));
  };

  const failed = (title: string, answer: MappingReply) => {
    if (replySucceeded(answer)) return;
    toast({ title, description: answer.refusal?.message, variant: "destructive" });
  };

  useFetcherAnswer(selectFetcher, (answer) => {
    if (replySucceeded(answer) && answer.data)
      setSearchParams({ farm: answer.data.farmId }, { preventScrollReset: true });
    else failed(t("mapping.toasts.error"), answer);
  });
  useFetcherAnswer(farmFetcher, (answer) => {
    setFarmErrors(fieldErrorsOf(answer));
    if (answer.intent === "updateFarm") {
      if (!replySucceeded(answer)) return failed(t("mapping.toasts.farmUpdateFailed"), answer);
      setFarmDialog({ open: false, farm: null });
      toast({ title: t("mapping.toasts.farmUpdated") });
      return;
    }
    if (answer.intent === "deleteFarm") {
      setDeletingFarm(false);
      if (!replySucceeded(answer)) return failed(t("mapping.toasts.farmDeleteFailed"), answer);
      toast({ title: t("mapping.toasts.farmDeleted") });
      setSearchParams({}, { preventScrollReset: true });
      return;
    }
    if (!replySucceeded(answer)) {
      // 'Error' with the server's message, or 'Failed to create farm'.
      toast({
        title: t("mapping.toasts.error"),
        description: answer.refusal?.message || t("mapping.toasts.farmCreateFailed"),
        variant: "destructive",
      });
      return;
    }
    setFarmDialog({ open: false, farm: null });
    toast({ title: t("mapping.toasts.farmCreated") });
    const created = answer.data?.farmId;
    if (created) trial.run(() => post(selectFetcher, "select", { farmId: created }));
  });
  useFetcherAnswer(shapeFetcher, (answer) => {
    if (answer.intent === "boundary") {
      if (replySucceeded(answer)) {
        toast({ title: t("mapping.toasts.boundaryUpdated") });
        stopWalk();
      } else {
        failed(t("mapping.toasts.boundaryFailed"), answer);
        setWalk((current) => (current ? { ...current, saving: false } : current));
      }
    } else if (replySucceeded(answer)) toast({ title: t("mapping.toasts.plotFromDrawing") });
    else failed(t("mapping.toasts.drawnPlotFailed"), answer);
  });
  useFetcherAnswer(plotFetcher, (answer) => {
    setPlotErrors(fieldErrorsOf(answer));
    if (answer.intent === "createPlot") {
      if (replySucceeded(answer)) {
        setPlotDialog({ open: false, plot: null });
        toast({ title: t("mapping.toasts.plotCreated") });
      } else failed(t("mapping.toasts.plotCreateFailed"), answer);
    } else if (answer.intent === "updatePlot") {
      if (replySucceeded(answer)) {
        setPlotDialog({ open: false, plot: null });
        toast({ title: t("mapping.toasts.plotUpdated") });
      } else failed(t("mapping.toasts.plotUpdateFailed"), answer);
    } else if (answer.intent === "deletePlot") {
      setDeleting(null);
      if (replySucceeded(answer)) toast({ title: t("mapping.toasts.plotDeleted") });
      else failed(t("mapping.toasts.plotDeleteFailed"), answer);
    }
  });

  const noFarmSelected = () => toast({ title: t("mapping.toasts.noFarmSelected"), variant: "destructive" });

  function startDrawing(mode: DrawMode) {
    if (!selected) return noFarmSelected();
    setProgress({ corners: 0, areaSquareMetres: 0 });
    setDrawing(mode);
  }

  function onDrawn(mode: DrawMode, ring: LngLat[]) {
    setDrawing(null);
    if (!selected) return noFarmSelected();
    const check = checkPolygonFeature(polygonFeature(ring), CLIENT_LIMITS);
    if (!check.ok) {
      toast({
        title: check.problem === "edgesCross" ? t("mapping.toasts.edgesCross") : t(`mapping.geometry.${check.problem}`),
        variant: "destructive",
      });
      return;
    }
    const feature = JSON.stringify(polygonFeature(check.ring));
    if (mode === "farm") {
      post(shapeFetcher, "boundary", {
        farmId: selected.id,
        boundary: feature,
      });
    } else {
      post(shapeFetcher, "drawnPlot", {
        farmId: selected.id,
        name: drawnPlotName(t),
        type: "field",
        crops: "",
        geometry: feature,
        centroidLat: String(check.centroid.latitude),
        centroidLng: String(check.centroid.longitude),
      });
    }
  }

  function stopWalk() {
    if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    watchId.current = null;
    setWalk(null);
  }
  useEffect(
    () => () => {
      if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    },
    [],
  );

  function startWalk() {
    if (!selected) return noFarmSelected();
    if (!("geolocation" in navigator)) {
      toast({ title: t("mapping.walk.unavailable"), variant: "destructive" });
      return;
    }
    setWalk({ ...emptyWalk(), saving: false });
    watchId.current = navigator.geolocation.watchPosition(
      (position) => {
        setWalk((current) => {
          if (!current || current.saving) return current;
          const { latitude, longitude, accuracy } = position.coords;
          return {
            ...addWalkPosition(current, { latitude, longitude, accuracy }).walk,
            saving: false,
          };
        });
      },
      (error) => {
        // A refusal ends the walk; a fix that is late or lost (under trees, between buildings) does not:
        // the walk goes on and the panel says it is waiting for the signal.
        if (error.code !== error.PERMISSION_DENIED) return;
        toast({ title: t("mapping.walk.denied"), variant: "destructive" });
        stopWalk();
      },
      WALK_GEOLOCATION_OPTIONS,
    );
  }

  function saveWalk() {
    if (!walk || !selected) return;
    const ring = walkRing(walk);
    if (!ring) {
      toast({ title: t("mapping.walk.needMore"), variant: "destructive" });
      return;
    }
    const check = checkPolygonFeature(polygonFeature(ring), CLIENT_LIMITS);
    if (!check.ok) {
      toast({
        title: t("mapping.toasts.boundaryFailed"),
        description: t(`mapping.geometry.${check.problem}`),
        variant: "destructive",
      });
      return;
    }
    setWalk({ ...walk, saving: true });
    post(shapeFetcher, "boundary", {
      farmId: selected.id,
      boundary: JSON.stringify(polygonFeature(check.ring)),
    });
  }

  function submitFarm(values: FarmValues) {
    const editing = farmDialog.farm;
    if (editing) {
      post(farmFetcher, "updateFarm", { farmId: editing.id, ...values });
      return;
    }
    // A new farm starts where the map is (the farmer's position once located).
    const where: Record<string, string> = centre.current
      ? { centerLat: String(centre.current.latitude), centerLng: String(centre.current.longitude) }
      : {};
    post(farmFetcher, "createFarm", { ...values, ...where });
  }

  function submitPlot(values: PlotValues) {
    if (!selected) return noFarmSelected();
    const editing = plotDialog.plot;
    if (editing)
      post(plotFetcher, "updatePlot", {
        farmId: selected.id,
        plotId: editing.id,
        ...values,
      });
    else post(plotFetcher, "createPlot", { farmId: selected.id, ...values });
  }

  function confirmDelete() {
    if (!selected || !deleting) return;
    if (!plots.some((plot) => plot.id === deleting.id)) {
      setDeleting(null);
      toast({
        title: t("mapping.toasts.plotNotFound"),
        variant: "destructive",
      });
      return;
    }
    post(plotFetcher, "deletePlot", {
      farmId: selected.id,
      plotId: deleting.id,
    });
  }

  const busyShape = shapeFetcher.state !== "idle";
  const toolsDisabled = !selected || drawing !== null || walk !== null || busyShape;
  const liveArea = formatArea(progress.areaSquareMetres / 10_000, t, locale);

  return (
    // On a phone one column, the map second (order-*); from lg two columns, the map beside the farms.
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start lg:gap-6">
      <div className="contents lg:flex lg:flex-col lg:gap-6">
        <div className="order-1 lg:order-none">
          <FarmsCard
            farms={farms}
            selectedId={selectedId}
            locale={locale}
            loadFailed={farmsFailed}
            onSelect={select}
            onCreate={() => openFarmDialog(null)}
          />
        </div>
        {selected ? (
          <div className="order-4 lg:order-none">
            <FarmDetails
              farm={selected}
              plotCount={plots.length}
              locale={locale}
              onEdit={() => openFarmDialog(selected)}
              onDelete={() => setDeletingFarm(true)}
            />
          </div>
        ) : null}
        <div className="order-5 lg:order-none">
          <EnvironmentPanel />
        </div>
      </div>

      <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-6">
        <Card data-map-card="" className="order-2 lg:order-none">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>{t("mapping.interactiveMap")}</CardTitle>
            {selected ? (
              <Button size="sm" variant="outline" onClick={() => openPlotDialog(null)}>
                <Icon name="plus" className="h-4 w-4" />
                {t("mapping.plots.addTitle")}
              </Button>
            ) : null}
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <div
              role="tablist"
              aria-label={t("mapping.interactiveMap")}
              className="grid grid-cols-3 gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800"
            >
              {MAP_TABS.map((tab) => (
                <button
                  key={tab}
                  type="button"
                  role="tab"
                  aria-selected={tiles === tab}
                  onClick={() => {
                    setTilesFailed(false);
                    setTiles(tab);
                  }}
                  className={cn(
                    "min-h-9 rounded-lg px-2 text-sm font-medium",
                    tiles === tab
                      ? "bg-white text-gray-900 shadow-sm dark:bg-gray-900 dark:text-gray-100"
                      : "text-gray-600 dark:text-gray-300",
                  )}
                >
                  {t(`mapping.tabs.${tab}`)}
                </button>
              ))}
            </div>
            {tiles === "soil" ? (
              <p className="text-sm text-earth-600 dark:text-earth-400">{t("mapping.soilComingSoon")}</p>
            ) : null}

            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
              <Button
                size="sm"
                onClick={() => startDrawing("farm")}
                disabled={toolsDisabled}
                className="whitespace-normal"
              >
                <Icon name="polygon" className="h-4 w-4" />
                {t("mapping.farmBoundary")}
              </Button>
              <Button
                size="sm"
                onClick={() => startDrawing("plot")}
                disabled={toolsDisabled}
                className="whitespace-normal"
              >
                <Icon name="plus" className="h-4 w-4" />
                {t("mapping.addPlot")}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={startWalk}
                disabled={toolsDisabled}
                className="whitespace-normal"
              >
                <Icon name="walk" className="h-4 w-4" />
                {t("mapping.walkBoundary")}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => mapHandle.current?.locate()}
                disabled={!mounted}
                className="whitespace-normal"
              >
                <Icon name="crosshair" className="h-4 w-4" />
                {t("mapping.locate")}
              </Button>
            </div>

            {/* Its own stacking context: Leaflet's panes and our panels over the map (z-index up to 1100) stay under dialogs. */}
            <div className="relative isolate h-[60vh] min-h-80 overflow-hidden rounded-xl border border-gray-200 dark:border-gray-800 sm:h-[32rem]">
              {/* Over the map, so starting to draw never moves the map under the finger. */}
              {drawing ? (
                <div
                  role="status"
                  className="absolute inset-x-2 top-2 z-[1100] flex flex-col gap-1.5 rounded-xl border border-brand-200 bg-brand-50/95 p-2.5 text-sm shadow-md dark:border-brand-800 dark:bg-brand-950/95"
                  data-drawing={drawing}
                >
                  <p className="line-clamp-2 text-xs">
                    {t(drawing === "farm" ? "mapping.drawing.farm" : "mapping.drawing.plot")}
                  </p>
                  <p className="font-semibold" data-live-area="">
                    {t("mapping.drawing.area", { area: liveArea })} ·{" "}
                    {t("mapping.drawing.corners", { count: progress.corners })}
                  </p>
                  <div className="grid grid-cols-3 gap-1.5 sm:flex sm:flex-wrap">
                    <Button
                      size="sm"
                      className={PANEL_BUTTON}
                      onClick={() => mapHandle.current?.finishDrawing()}
                      disabled={progress.corners < 3}
                    >
                      <Icon name="check" className="h-4 w-4 shrink-0" />
                      {t("mapping.drawing.finish")}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className={PANEL_BUTTON}
                      onClick={() => mapHandle.current?.undoCorner()}
                      disabled={progress.corners < 1}
                    >
                      <Icon name="undo" className="h-4 w-4 shrink-0" />
                      {t("mapping.drawing.undo")}
                    </Button>
                    <Button size="sm" variant="outline" className={PANEL_BUTTON} onClick={() => setDrawing(null)}>
                      <Icon name="close" className="h-4 w-4 shrink-0" />
                      {t("mapping.cancelDrawing")}
                    </Button>
                  </div>
                </div>
              ) : null}

              {walk ? <WalkPanel walk={walk} locale={locale} onSave={saveWalk} onCancel={stopWalk} /> : null}
              {tilesFailed && !drawing && !walk ? (
                <p
                  className="absolute inset-x-2 top-2 z-[1100] rounded-lg bg-white/90 p-2 text-xs text-gray-700 shadow dark:bg-gray-900/90 dark:text-gray-300"
                  data-tiles-offline=""
                >
                  {t("mapping.tilesOffline")}
                </p>
              ) : null}

              {mounted ? (
                <Suspense fallback={<MapPlaceholder />}>
                  <FarmMap
                    ref={mapHandle}
                    tiles={tiles}
                    farm={selected}
                    plots={plots}
                    drawing={drawing}
                    walk={walk}
                    focusKey={selected?.id ?? ""}
                    labels={{ map: t("mapping.mapLabel") }}
                    onDrawn={onDrawn}
                    onDrawProgress={setProgress}
                    onDrawStopped={() => setDrawing(null)}
                    onEdgesCross={() =>
                      toast({
                        title: t("mapping.toasts.edgesCross"),
                        variant: "destructive",
                      })
                    }
                    onTilesFailed={() => setTilesFailed(true)}
                    onLocateFailed={() =>
                      toast({
                        title: t("mapping.walk.unavailable"),
                        variant: "destructive",
                      })
                    }
                    onCentreChange={(next) => (centre.current = next)}
                  />
                </Suspense>
              ) : (
                <MapPlaceholder />
              )}
            </div>
          </CardContent>
        </Card>

        {selected ? (
          <div className="order-3 lg:order-none">
            <PlotsPanel
              plots={plots}
              locale={locale}
              loadFailed={plotsFailed}
              onEdit={openPlotDialog}
              onDelete={(plot) => setDeleting(plot)}
            />
          </div>
        ) : null}
      </div>

      <FarmDialog
        open={farmDialog.open}
        onOpenChange={(open) => setFarmDialog((current) => ({ open, farm: open ? current.farm : null }))}
        farm={farmDialog.farm}
        pending={farmFetcher.state !== "idle"}
        errors={farmErrors}
        onSubmit={submitFarm}
      />
      <ConfirmDialog
        open={deletingFarm}
        onOpenChange={setDeletingFarm}
        title={t("mapping.deleteFarm")}
        text={t("mapping.deleteFarmText")}
        confirmLabel={t("mapping.deleteFarm")}
        pendingLabel={t("mapping.deletingFarm")}
        pending={farmFetcher.state !== "idle"}
        onConfirm={() => selected && post(farmFetcher, "deleteFarm", { farmId: selected.id })}
      />
      <PlotDialog
        open={plotDialog.open}
        onOpenChange={(open) =>
          setPlotDialog((current) => ({
            open,
            plot: open ? current.plot : null,
          }))
        }
        plot={plotDialog.plot}
        pending={plotFetcher.state !== "idle"}
        errors={plotErrors}
        onSubmit={submitPlot}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t("mapping.plots.deleteTitle")}
        text={t("mapping.plots.deleteText")}
        confirmLabel={t("mapping.plots.deleteConfirm")}
        pendingLabel={t("mapping.plots.deleting")}
        pending={plotFetcher.state !== "idle"}
        onConfirm={confirmDelete}
      />
      {trial.dialog}
    </div>
  );
}

function MapPlaceholder() {
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

function WalkPanel({
  walk,
  locale,
  onSave,
  onCancel,
}: {
  walk: NonNullable<Walk>;
  locale: string;
  onSave(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const ring = walkRing(walk);
  const accuracy = walk.last ? Math.round(walk.last.accuracy) : null;
  const poor = accuracy !== null && accuracy > MAPPING_LIMITS.walkMaxAccuracyMetres;
  const area = ring ? formatArea(checkArea(ring), t, locale) : null;
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

/** The area of a walked ring so far, in hectares (0 while it crosses itself or has none). */
function checkArea(ring: LngLat[]) {
  const check = checkPolygonFeature(polygonFeature(ring), CLIENT_LIMITS);
  return check.ok ? check.areaHectares : 0;
}
