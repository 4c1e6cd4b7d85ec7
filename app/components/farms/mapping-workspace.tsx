import { useRevalidator, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { useMounted } from "~/lib/use-mounted";
import { useTranslation } from "react-i18next";
import { useTrialConfirm } from "~/components/premium/trial-confirm";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { tabLabelClass } from "~/components/ui/tabs";
import type { LngLat } from "~/lib/geo";
import type { LanguageCode } from "~/lib/i18n";
import { toast } from "~/lib/toast-store";
import { MAP_TABS, TAB_SOURCE, type MapTiles, type TileSources } from "~/modules/farms/constants";
import type { FarmEnvironment } from "~/modules/environment/view";
import type { FarmDto, PlotDto, PolygonFeature } from "~/modules/farms/types";
import { useRootData } from "~/lib/use-root-data";
import type { FeatureAccess } from "~/modules/premium/access";
import { FarmDialog, PlotDialog, type Centre } from "./farm-dialogs";
import { FarmsCard } from "./farm-list";
import { hasNoSignal } from "~/lib/http/connectivity";
import { useFieldOutbox } from "./field-outbox";
import { FieldOutboxPanel } from "./field-outbox-panel";
import { OfflineMap, useTileAreas } from "./offline-map";
import type { DrawMode, DrawProgress, FarmMapHandle } from "./farm-map.client";
import { EnvironmentPanel, SoilPanel, useFarmEnvironment } from "./environment-panel";
import { FarmDetails, PlotsPanel } from "./farm-panels";
import { drawnPlotName } from "./format";
import { DrawingPanel, MapPlaceholder, WalkPanel } from "./map-overlays";
import { RenamePlotField, type DrawnPlot } from "./rename-plot";
import { checkRing, ringFeature } from "./shape";
import { useBoundaryWalk } from "./use-boundary-walk";
import { useMappingWork } from "./use-mapping-work";

export { ReadOnlyFarms } from "./farm-list";

// The farm-mapping workspace: the layout of the farms, the map with its tools,
// the panels and the dialogs. The walk is useBoundaryWalk's, sending work and
// answering it is useMappingWork's (with the OUTCOMES table), the dialogs are
// farm-dialogs.tsx's; what is here is which of them is showing.

// Leaflet and leaflet-draw come with this module only, fetched after the page has mounted.
const FarmMap = lazy(() => import("./farm-map.client"));
/** leaflet-draw, fetched as the farmer reaches for a drawing button (the map fetches it anyway when a drawing starts). */
const preloadDrawTools = () => void import("./draw-tools.client");
// The import dialog comes when it is first opened.
const ImportDialog = lazy(() => import("./import-dialog").then((module) => ({ default: module.ImportDialog })));

/** The farm or plot dialog, open or last open; `opening` counts openings, each with its own fetcher. */
type OpenDialog = ({ kind: "farm"; farm: FarmDto | null } | { kind: "plot"; plot: PlotDto | null }) & {
  open: boolean;
  opening: number;
};
/** The delete confirmation that is open. */
type Confirm = { kind: "farm" } | { kind: "plot"; plot: PlotDto };

export function MappingWorkspace({
  access,
  farms,
  farmsFailed,
  selectedId,
  plots,
  plotsFailed,
  environment,
  tileSources,
  locale,
}: {
  access: FeatureAccess | null;
  farms: FarmDto[];
  farmsFailed: boolean;
  selectedId: string | null;
  plots: PlotDto[];
  plotsFailed: boolean;
  environment: FarmEnvironment | null;
  tileSources: TileSources;
  locale: LanguageCode;
}) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const selected = farms.find((farm) => farm.id === selectedId) ?? null;
  const owner = useRootData()?.user?.id ?? null;
  const revalidator = useRevalidator();
  const outbox = useFieldOutbox(owner, () => revalidator.revalidate());
  const waitingShapes = useMemo(
    () => outbox.changes.filter((change) => change.farmId === selectedId && change.state !== "sent"),
    [outbox.changes, selectedId],
  );
  const farmEnvironment = useFarmEnvironment(selected?.id ?? null, environment);
  useTileAreas(farms, tileSources);
  // Asked once, before the first farm is opened or made (a farm write is a use too): that use keeps
  // mapping open for the rest of the trial day, and this page asks nothing more.
  const trial = useTrialConfirm(access, { text: t("premium.trialConfirm.mappingText") });

  const mounted = useMounted();
  const mapHandle = useRef<FarmMapHandle>(null);
  const centre = useRef<Centre | null>(null);
  const [tiles, setTiles] = useState<MapTiles>("satellite");
  const [tilesFailed, setTilesFailed] = useState(false);
  const [drawing, setDrawing] = useState<DrawMode | null>(null);
  const [progress, setProgress] = useState<DrawProgress>({ corners: 0, areaSquareMetres: 0, ready: false });
  const { walk, start: beginWalk, stop: stopWalk, finish: finishWalk, resume: resumeWalk } = useBoundaryWalk();
  const [dialog, setDialog] = useState<OpenDialog>({ open: false, kind: "farm", farm: null, opening: 0 });
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [importing, setImporting] = useState(false);
  // A plot just drawn and saved, offered to be renamed at once.
  const [renaming, setRenaming] = useState<DrawnPlot | null>(null);
  // The dialogs' fetcher: the last opening's, so an answer that comes after the dialog was closed still shows.
  const formKey = `mapping-form-${dialog.opening}`;
  const openFarmDialog = (farm: FarmDto | null) =>
    setDialog((current) => ({ open: true, kind: "farm", farm, opening: current.opening + 1 }));
  const openPlotDialog = (plot: PlotDto | null) =>
    setDialog((current) => ({ open: true, kind: "plot", plot, opening: current.opening + 1 }));
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));

  const work = useMappingWork({
    formKey,
    follow: {
      showFarm: (farmId) => farmId && setSearchParams({ farm: farmId }, { preventScrollReset: true }),
      selectFarm: (farmId) => farmId && trial.run(() => work.post("select", { farmId })),
      clearFarm: () => setSearchParams({}, { preventScrollReset: true }),
      closeDialog,
      closeConfirm: () => setConfirm(null),
      stopWalk,
      resumeWalk,
      offerRename: (farmId, data) => farmId && data?.plot && setRenaming({ farmId, ...data.plot }),
      endRename: () => setRenaming(null),
    },
  });

  function renamePlot(plot: DrawnPlot, name: string) {
    work.post("updatePlot", {
      farmId: plot.farmId,
      plotId: plot.id,
      name,
      type: plot.type,
      crops: plot.crops.join(", "),
    });
  }

  const noFarmSelected = () => toast({ title: t("mapping.toasts.noFarmSelected"), variant: "destructive" });

  function select(farm: FarmDto) {
    if (farm.id === selectedId || drawing || walk) return;
    trial.run(() => work.post("select", { farmId: farm.id }));
  }

  function startDrawing(mode: DrawMode) {
    if (!selected) return noFarmSelected();
    setProgress({ corners: 0, areaSquareMetres: 0, ready: false });
    setDrawing(mode);
  }

  function onDrawn(mode: DrawMode, ring: LngLat[]) {
    setDrawing(null);
    if (!selected) return noFarmSelected();
    const check = checkRing(ring);
    if (!check.ok) {
      toast({
        title: check.problem === "edgesCross" ? t("mapping.toasts.edgesCross") : t(`mapping.geometry.${check.problem}`),
        variant: "destructive",
      });
      return;
    }
    const feature = ringFeature(check.ring);
    if (hasNoSignal()) {
      keepForLater(mode === "farm" ? "boundary" : "plot", feature);
      return;
    }
    if (mode === "farm") work.post("boundary", { farmId: selected.id, boundary: feature });
    else
      work.post("drawnPlot", {
        farmId: selected.id,
        name: drawnPlotName(t, locale),
        type: "field",
        crops: "",
        geometry: feature,
        centroidLat: String(check.centroid.latitude),
        centroidLng: String(check.centroid.longitude),
      });
  }

  function startWalk() {
    if (!selected) return noFarmSelected();
    beginWalk();
  }

  function saveWalk() {
    if (!selected) return;
    const boundary = finishWalk();
    if (!boundary) return;
    if (hasNoSignal()) {
      keepForLater("boundary", boundary);
      stopWalk();
      return;
    }
    work.post("boundary", { farmId: selected.id, boundary });
  }

  /** No signal: the shape is kept on the phone and sent when the connection returns. */
  function keepForLater(kind: "boundary" | "plot", feature: string) {
    if (!selected || !owner) return;
    outbox
      .keep({
        owner,
        farmId: selected.id,
        farmName: selected.name,
        kind,
        name: kind === "plot" ? drawnPlotName(t, locale) : selected.name,
        feature: JSON.parse(feature) as PolygonFeature,
      })
      .then(
        () => toast({ title: t("mapping.outbox.kept"), description: t("mapping.outbox.keptText") }),
        () => toast({ title: t("mapping.outbox.notKept"), variant: "destructive" }),
      );
  }

  function confirmDelete() {
    if (!selected || !confirm) return;
    if (confirm.kind === "farm") {
      work.post("deleteFarm", { farmId: selected.id });
      return;
    }
    if (!plots.some((plot) => plot.id === confirm.plot.id)) {
      setConfirm(null);
      toast({ title: t("mapping.toasts.plotNotFound"), variant: "destructive" });
      return;
    }
    work.post("deletePlot", { farmId: selected.id, plotId: confirm.plot.id });
  }

  const toolsDisabled = !selected || drawing !== null || walk !== null || work.busy("shape");

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
            onCreate={() => trial.run(() => openFarmDialog(null))}
          />
        </div>
        {selected ? (
          <div className="order-4 lg:order-none">
            <FarmDetails
              farm={selected}
              plotCount={plots.length}
              locale={locale}
              onEdit={() => openFarmDialog(selected)}
              onImport={() => setImporting(true)}
              onDelete={() => setConfirm({ kind: "farm" })}
            />
          </div>
        ) : null}
        <div className="order-5 lg:order-none">
          <EnvironmentPanel weather={selected ? (farmEnvironment?.weather ?? null) : null} locale={locale} />
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
            {/* Columns as wide as their labels allow, so a two-word tab keeps its line on a phone. */}
            <div
              role="tablist"
              aria-label={t("mapping.interactiveMap")}
              className="grid grid-cols-[repeat(3,auto)] gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800"
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
                    tabLabelClass(t(`mapping.tabs.${tab}`)),
                    tiles === tab
                      ? "bg-white text-gray-900 shadow-sm dark:bg-gray-900 dark:text-gray-100"
                      : "text-gray-600 dark:text-gray-300",
                  )}
                >
                  {t(`mapping.tabs.${tab}`)}
                </button>
              ))}
            </div>
            {tiles === "soil" ? <SoilPanel soil={farmEnvironment?.soil ?? null} hasFarm={selected !== null} /> : null}

            {/* Whole buttons wrap to the next row; their labels never break (a 360 px phone fits two or one a row). */}
            <div className="flex flex-wrap gap-2" onPointerEnter={preloadDrawTools} onFocusCapture={preloadDrawTools}>
              <Button size="sm" onClick={() => startDrawing("farm")} disabled={toolsDisabled}>
                <Icon name="polygon" className="h-4 w-4" />
                {t("mapping.farmBoundary")}
              </Button>
              <Button size="sm" onClick={() => startDrawing("plot")} disabled={toolsDisabled}>
                <Icon name="plus" className="h-4 w-4" />
                {t("mapping.addPlot")}
              </Button>
              <Button size="sm" variant="outline" onClick={startWalk} disabled={toolsDisabled}>
                <Icon name="walk" className="h-4 w-4" />
                {t("mapping.walkBoundary")}
              </Button>
              <Button size="sm" variant="outline" onClick={() => mapHandle.current?.locate()} disabled={!mounted}>
                <Icon name="crosshair" className="h-4 w-4" />
                {t("mapping.locate")}
              </Button>
            </div>

            {renaming && renaming.farmId === selected?.id ? (
              <RenamePlotField
                key={renaming.id}
                plot={renaming}
                saving={work.busy("form")}
                onSave={(name) => renamePlot(renaming, name)}
                onDismiss={() => setRenaming(null)}
              />
            ) : null}

            {/* Its own stacking context: Leaflet's panes and our panels over the map (z-index up to 1100) stay under dialogs. */}
            <div className="relative isolate h-[60vh] min-h-80 overflow-hidden rounded-xl border border-gray-200 dark:border-gray-800 sm:h-[32rem]">
              {drawing ? (
                <DrawingPanel
                  mode={drawing}
                  progress={progress}
                  locale={locale}
                  onFinish={() => mapHandle.current?.finishDrawing()}
                  onUndo={() => mapHandle.current?.undoCorner()}
                  onCancel={() => setDrawing(null)}
                />
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
                    sources={tileSources}
                    farm={selected}
                    plots={plots}
                    waiting={waitingShapes}
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
            {selected && mounted ? <OfflineMap farm={selected} sources={tileSources} tab={TAB_SOURCE[tiles]} /> : null}
          </CardContent>
        </Card>

        {outbox.changes.length > 0 ? (
          <div className="order-3 lg:order-none">
            <FieldOutboxPanel changes={outbox.changes} locale={locale} onDrop={(id) => void outbox.drop(id)} />
          </div>
        ) : null}
        {selected ? (
          <div className="order-3 lg:order-none">
            <PlotsPanel
              plots={plots}
              locale={locale}
              loadFailed={plotsFailed}
              onEdit={openPlotDialog}
              onDelete={(plot) => setConfirm({ kind: "plot", plot })}
            />
          </div>
        ) : null}
      </div>

      <FarmDialog
        open={dialog.open && dialog.kind === "farm"}
        onOpenChange={(open) => !open && closeDialog()}
        farm={dialog.kind === "farm" ? dialog.farm : null}
        fetcherKey={formKey}
        readCentre={() => centre.current}
      />
      {selected && importing ? (
        <Suspense fallback={null}>
          <ImportDialog open={importing} onOpenChange={setImporting} farm={selected} locale={locale} />
        </Suspense>
      ) : null}
      {selected ? (
        <PlotDialog
          open={dialog.open && dialog.kind === "plot"}
          onOpenChange={(open) => !open && closeDialog()}
          farmId={selected.id}
          plot={dialog.kind === "plot" ? dialog.plot : null}
          fetcherKey={formKey}
        />
      ) : null}
      <ConfirmDialog
        open={confirm?.kind === "farm"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("mapping.deleteFarm")}
        text={t("mapping.deleteFarmText")}
        confirmLabel={t("mapping.deleteFarm")}
        pendingLabel={t("mapping.deletingFarm")}
        pending={work.busy("remove")}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={confirm?.kind === "plot"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("mapping.plots.deleteTitle")}
        text={t("mapping.plots.deleteText")}
        confirmLabel={t("mapping.plots.deleteConfirm")}
        pendingLabel={t("mapping.plots.deleting")}
        pending={work.busy("remove")}
        onConfirm={confirmDelete}
      />
      {trial.dialog}
    </div>
  );
}
