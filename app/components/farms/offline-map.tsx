import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { featureRing } from "~/modules/farms/polygon";
import type { FarmDto } from "~/modules/farms/types";
import type { TileSource, TileSources } from "~/lib/map-tiles";
import { useFormatNumber } from "~/lib/numbers";
import { grow, tilesCovering, tileUrl, type Box } from "~/lib/tile-math";
import { tellServiceWorkerWhenReady } from "~/sw/registration";
import { KEPT_TILES_PREFIX, SEEN_TILES_PREFIX, TILE_AREA_MARGIN_METRES } from "~/sw/policy";

// The selected farm's map without signal: how many of its tiles are on this phone, and "Keep this
// farm offline", which downloads the tiles around the farm for field work (zoom 14 to 18), after
// saying how much it will take, with progress and a way to stop, and only from a tile source whose
// terms allow it. The service worker answers those tiles from the phone, and keeps the ones looked
// at around the farms (it is told where the farms are).

/** The zooms of field work: the whole farm down to single rows. */
const FIELD_ZOOMS = [14, 15, 16, 17, 18];
/** A download past this many tiles leaves out its highest zooms. */
const MOST_TILES = 1_500;
const AT_ONCE = 4;
/** A long label (Hausa's is six words) wraps inside its button on a 360 px phone. */
const WRAPS = "h-auto min-h-9 whitespace-normal py-1.5 text-left";

/** A farm's box: its boundary's, or about 500 m around its centre. */
export function farmBox(farm: Pick<FarmDto, "boundary" | "centerLat" | "centerLng">): Box {
  const ring = featureRing(farm.boundary);
  if (!ring)
    return grow({ west: farm.centerLng, east: farm.centerLng, south: farm.centerLat, north: farm.centerLat }, 500);
  const lngs = ring.map(([lng]) => lng);
  const lats = ring.map(([, lat]) => lat);
  return { west: Math.min(...lngs), east: Math.max(...lngs), south: Math.min(...lats), north: Math.max(...lats) };
}

/** Tells the service worker where the reader's farms are and which sources allow keeping tiles. */
export function useTileAreas(farms: FarmDto[], sources: TileSources) {
  useEffect(() => {
    const templates = Object.values(sources)
      .filter((source) => source.offline)
      .map((source) => source.url);
    tellServiceWorkerWhenReady({
      type: "tile-areas",
      areas: {
        templates,
        farms: templates.length
          ? farms.map((farm) => ({ farmId: farm.id, box: grow(farmBox(farm), TILE_AREA_MARGIN_METRES) }))
          : [],
      },
    });
  }, [farms, sources]);
}

/** The tiles of a download: the farm and 100 m around it, the highest zooms left out past MOST_TILES. */
export function downloadPlan(farm: FarmDto, source: TileSource) {
  const box = grow(farmBox(farm), 100);
  let zooms = FIELD_ZOOMS.filter((zoom) => zoom <= source.maxNativeZoom);
  let tiles = tilesCovering(box, zooms);
  while (tiles.length > MOST_TILES && zooms.length > 1) {
    zooms = zooms.slice(0, -1);
    tiles = tilesCovering(box, zooms);
  }
  return tiles.map((tile) => tileUrl(source.url, tile, source.subdomains));
}

async function countKept(farmId: string) {
  if (typeof caches === "undefined") return null;
  const count = async (name: string) =>
    (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0;
  return (await count(`${KEPT_TILES_PREFIX}${farmId}`)) + (await count(`${SEEN_TILES_PREFIX}${farmId}`));
}

type Step =
  | { kind: "idle" }
  | { kind: "estimating" }
  | { kind: "asking"; urls: string[]; bytes: number }
  | { kind: "downloading"; done: number; count: number; bytes: number }
  | { kind: "stopped"; done: number; count: number; failed: boolean };

export function OfflineMap({ farm, sources, tab }: { farm: FarmDto; sources: TileSources; tab: keyof TileSources }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const [kept, setKept] = useState<number | null>(null);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const stop = useRef<AbortController | null>(null);
  const allowed = sources[tab].offline ? sources[tab] : Object.values(sources).find((source) => source.offline);
  const megabytes = (bytes: number) =>
    t("mapping.offlineMap.megabytes", { value: number(Math.max(0.1, Math.round(bytes / 104_857.6) / 10)) });

  const refresh = useCallback(() => {
    countKept(farm.id).then(setKept, () => setKept(null));
  }, [farm.id]);
  useEffect(() => {
    refresh();
    setStep({ kind: "idle" });
    return () => stop.current?.abort();
  }, [refresh]);

  if (typeof window !== "undefined" && typeof caches === "undefined")
    return <p className="text-sm text-gray-600 dark:text-gray-400">{t("mapping.offlineMap.unsupported")}</p>;

  async function estimate(source: TileSource) {
    setStep({ kind: "estimating" });
    const urls = downloadPlan(farm, source);
    // One tile from the middle of the list, weighed: the rest are about the same.
    let sample = 20_000;
    try {
      const response = await fetch(urls[Math.floor(urls.length / 2)]!, { mode: "cors" });
      if (response.ok) sample = (await response.arrayBuffer()).byteLength || sample;
    } catch {
      setStep({ kind: "stopped", done: 0, count: urls.length, failed: true });
      return;
    }
    setStep({ kind: "asking", urls, bytes: sample * urls.length });
  }

  async function download(urls: string[]) {
    const controller = new AbortController();
    stop.current = controller;
    const cache = await caches.open(`${KEPT_TILES_PREFIX}${farm.id}`);
    let done = 0;
    let bytes = 0;
    let failed = false;
    setStep({ kind: "downloading", done, count: urls.length, bytes });
    const queue = [...urls];
    const worker = async () => {
      for (let url = queue.shift(); url !== undefined && !controller.signal.aborted; url = queue.shift()) {
        if (await cache.match(url)) {
          done += 1;
          continue;
        }
        try {
          const response = await fetch(url, { mode: "cors", signal: controller.signal });
          if (!response.ok) throw new Error(String(response.status));
          const body = await response.clone().arrayBuffer();
          await cache.put(url, response);
          bytes += body.byteLength;
        } catch {
          if (controller.signal.aborted) return;
          failed = true;
          controller.abort();
          return;
        }
        done += 1;
        setStep({ kind: "downloading", done, count: urls.length, bytes });
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    stop.current = null;
    setStep(done === urls.length ? { kind: "idle" } : { kind: "stopped", done, count: urls.length, failed });
    refresh();
  }

  return (
    <section className="flex flex-col gap-2 text-sm" aria-label={t("mapping.offlineMap.title")} data-offline-map="">
      <p className="flex items-center gap-2" data-offline-tiles={kept ?? 0}>
        <Icon name="download" className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-300" />
        {kept ? t("mapping.offlineMap.available", { count: kept }) : t("mapping.offlineMap.none")}
      </p>
      {!allowed ? (
        <p className="text-gray-600 dark:text-gray-400" data-offline-not-allowed="">
          {t("mapping.offlineMap.notAllowed")}
        </p>
      ) : step.kind === "idle" ? (
        <div>
          <Button size="sm" variant="outline" onClick={() => void estimate(allowed)} className={WRAPS}>
            <Icon name="download" className="h-4 w-4 shrink-0" />
            {t("mapping.offlineMap.keep")}
          </Button>
        </div>
      ) : step.kind === "estimating" ? (
        <p aria-live="polite">{t("mapping.offlineMap.estimating")}</p>
      ) : step.kind === "asking" ? (
        <div className="flex flex-col gap-2" data-offline-ask="">
          <p>
            {t("mapping.offlineMap.estimate", { count: step.urls.length, size: megabytes(step.bytes) })}{" "}
            {t("mapping.offlineMap.source", { name: allowed.attribution })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void download(step.urls)}>
              {t("mapping.offlineMap.download")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setStep({ kind: "idle" })}>
              {t("common.cancel")}
            </Button>
          </div>
        </div>
      ) : step.kind === "downloading" ? (
        <div className="flex flex-col gap-2">
          <p aria-live="polite" data-offline-progress="">
            {t("mapping.offlineMap.progress", { done: step.done, count: step.count, size: megabytes(step.bytes) })}
          </p>
          <progress className="h-2 w-full" max={step.count} value={step.done} />
          <div>
            <Button size="sm" variant="outline" onClick={() => stop.current?.abort()}>
              {t("mapping.offlineMap.stop")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p role="status">
            {step.failed
              ? t("mapping.offlineMap.failed")
              : t("mapping.offlineMap.stopped", { done: step.done, count: step.count })}
          </p>
          <div>
            <Button size="sm" variant="outline" onClick={() => void estimate(allowed)} className={WRAPS}>
              {t("mapping.offlineMap.keep")}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
