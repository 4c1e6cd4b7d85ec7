import { useRevalidator } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icons";
import type { LngLat } from "~/lib/geo";
import { getConnectivity } from "~/lib/http/connectivity";
import { ApiError, classifyError, ERROR_TEXT_KEYS } from "~/lib/http/errors";
import type { LanguageCode } from "~/lib/i18n";
import { toast } from "~/lib/toast-store";
import { BOUNDARY_COLOUR, PLOT_COLOURS } from "~/modules/farms/constants";
import type { FarmDto, PolygonFeature } from "~/modules/farms/types";
import { formatArea } from "./format";

// Importing a boundary file into the selected farm: the file is read by the server, which answers
// what each shape would become (the preview, drawn here and listed with its area or why it is
// refused); only "Save" writes, sending the same file again with mode=save.

type Role = "boundary" | "plot" | "refused";

export interface ImportShape {
  index: number;
  name: string;
  named: boolean;
  role: Role;
  problem: string | null;
  reason: string | null;
  areaHectares: number | null;
  simplifiedFrom: number | null;
  geometry: PolygonFeature;
}

export interface ImportAnswer {
  success: true;
  saved: boolean;
  format: "kml" | "kmz" | "geojson";
  skipped: number;
  counts: { boundary: boolean; plots: number; refused: number };
  shapes: ImportShape[];
  message: string;
}

/** POST /api/farms/{id}/import with the file: the preview, or the saved import. */
async function sendImport(farmId: string, file: File, use: "plots" | "boundary", mode: "preview" | "save") {
  const body = new FormData();
  body.set("use", use);
  body.set("mode", mode);
  body.set("file", file, file.name);
  const response = await fetch(`/api/farms/${encodeURIComponent(farmId)}/import`, {
    method: "POST",
    body,
    credentials: "include",
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return JSON.parse(text) as ImportAnswer;
}

export function ImportDialog({
  open,
  onOpenChange,
  farm,
  locale,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  farm: FarmDto;
  locale: LanguageCode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("mapping.import.title")}
      description={t("mapping.import.text")}
    >
      <ImportForm farm={farm} locale={locale} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ImportForm({ farm, locale, onDone }: { farm: FarmDto; locale: LanguageCode; onDone(): void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const fileId = useId();
  const boundaryId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [useAsBoundary, setUseAsBoundary] = useState(farm.boundary === null);
  const [busy, setBusy] = useState<"reading" | "saving" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ file: File; answer: ImportAnswer } | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const use = useAsBoundary ? "boundary" : "plots";

  /** The server's own words for a refusal it explained (they are in the reader's language), else the kind of failure. */
  function failure(error: unknown) {
    if (error instanceof ApiError && error.serverMessage && error.status < 500) return error.serverMessage;
    return t(ERROR_TEXT_KEYS[classifyError(error).messageKey]);
  }

  async function read(file: File, as: "plots" | "boundary") {
    if (getConnectivity() === "offline") {
      setProblem(t("mapping.import.offline"));
      return;
    }
    setBusy("reading");
    setProblem(null);
    setPreview(null);
    try {
      setPreview({ file, answer: await sendImport(farm.id, file, as, "preview") });
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(null);
    }
  }

  function onPreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setProblem(t("mapping.import.errors.fileRequired"));
      return;
    }
    void read(file, use);
  }

  async function onSave() {
    if (!preview) return;
    if (getConnectivity() === "offline") {
      setProblem(t("mapping.import.offline"));
      return;
    }
    setBusy("saving");
    setProblem(null);
    try {
      const answer = await sendImport(farm.id, preview.file, use, "save");
      toast({ title: answer.message });
      revalidator.revalidate();
      onDone();
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(null);
    }
  }

  const answer = preview?.answer;
  const plots = answer?.counts.plots ?? 0;
  const boundary = answer?.counts.boundary ?? false;
  const saveLabel = boundary
    ? plots > 0
      ? t("mapping.import.saveBoundaryAndPlots", { count: plots })
      : t("mapping.import.saveBoundary")
    : t("mapping.import.save", { count: plots });

  return (
    <form onSubmit={onPreview} className="flex flex-col gap-4" data-import-form="">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-sm font-medium">
          {t("mapping.import.file")}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileInput}
            id={fileId}
            name="file"
            type="file"
            accept=".kml,.kmz,.geojson,.json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/geo+json"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              setFileName(event.currentTarget.files?.[0]?.name ?? null);
              setPreview(null);
              setProblem(null);
            }}
          />
          {/* The browser's own button speaks the browser's language: this one speaks the reader's. */}
          <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
            <Icon name="upload" className="h-4 w-4" />
            {t("mapping.import.chooseFile")}
          </Button>
          <span className="min-w-0 break-all text-sm text-gray-600 dark:text-gray-400" data-import-file-name="">
            {fileName ?? t("mapping.import.noFile")}
          </span>
        </div>
      </div>
      <div className="flex items-start gap-2">
        <input
          id={boundaryId}
          type="checkbox"
          className="mt-1 h-4 w-4 shrink-0"
          checked={useAsBoundary}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setUseAsBoundary(checked);
            // What the shapes become depends on it: the preview is worked out again.
            if (preview) void read(preview.file, checked ? "boundary" : "plots");
          }}
        />
        <label htmlFor={boundaryId} className="text-sm">
          {t("mapping.import.useBoundary")}
          {useAsBoundary && farm.boundary ? (
            <span className="block text-gray-600 dark:text-gray-400">{t("mapping.import.replacesBoundary")}</span>
          ) : null}
        </label>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-import-problem="">
          {problem}
        </p>
      ) : null}
      {answer ? <ImportPreview answer={answer} farm={farm} locale={locale} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        {answer && (plots > 0 || boundary) ? (
          <Button type="button" onClick={() => void onSave()} disabled={busy !== null} data-import-save="">
            {busy === "saving" ? t("mapping.import.saving") : saveLabel}
          </Button>
        ) : (
          <Button type="submit" disabled={busy !== null}>
            {busy === "reading" ? t("mapping.import.reading") : t("mapping.import.preview")}
          </Button>
        )}
      </div>
    </form>
  );
}

function ImportPreview({ answer, farm, locale }: { answer: ImportAnswer; farm: FarmDto; locale: LanguageCode }) {
  const { t } = useTranslation();
  const nothing = !answer.counts.boundary && answer.counts.plots === 0;
  return (
    <section aria-label={t("mapping.import.previewLabel")} className="flex flex-col gap-3" data-import-preview="">
      <ShapesDrawing shapes={answer.shapes} farmBoundary={answer.counts.boundary ? null : farm.boundary} />
      {nothing ? <p className="text-sm font-medium">{t("mapping.import.nothing")}</p> : null}
      <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto text-sm">
        {answer.shapes.map((shape) => (
          <li
            key={shape.index}
            data-import-shape={shape.role}
            className="flex flex-col rounded-lg border border-gray-200 px-3 py-2 dark:border-gray-700"
          >
            <span className="flex flex-wrap items-baseline justify-between gap-x-2">
              <span className="font-medium break-words">{shape.name}</span>
              <span
                className={
                  shape.role === "refused"
                    ? "text-red-700 dark:text-red-400"
                    : "font-medium text-brand-800 dark:text-brand-300"
                }
              >
                {t(`mapping.import.roles.${shape.role}`)}
              </span>
            </span>
            {shape.areaHectares !== null ? (
              <span className="text-gray-600 dark:text-gray-400">{formatArea(shape.areaHectares, t, locale)}</span>
            ) : null}
            {shape.reason ? <span className="text-red-700 dark:text-red-400">{shape.reason}</span> : null}
            {shape.simplifiedFrom ? (
              <span className="text-gray-600 dark:text-gray-400">
                {t("mapping.import.simplified", { count: shape.simplifiedFrom })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {answer.skipped > 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {t("mapping.import.skipped", { count: answer.skipped })}
        </p>
      ) : null}
    </section>
  );
}

const DRAWING = { width: 320, height: 180, margin: 8 };

/** The shapes as they lie on the ground (north up, distances true at their latitude), without a map underneath. */
function ShapesDrawing({ shapes, farmBoundary }: { shapes: ImportShape[]; farmBoundary: PolygonFeature | null }) {
  const rings: { ring: LngLat[]; colour: string; dashed: boolean; key: string }[] = shapes.map((shape) => ({
    ring: shape.geometry.geometry.coordinates[0] as LngLat[],
    colour: shape.role === "boundary" ? BOUNDARY_COLOUR : shape.role === "plot" ? PLOT_COLOURS.field : "#9ca3af",
    dashed: shape.role === "refused",
    key: String(shape.index),
  }));
  if (farmBoundary)
    rings.unshift({
      ring: farmBoundary.geometry.coordinates[0] as LngLat[],
      colour: BOUNDARY_COLOUR,
      dashed: true,
      key: "farm",
    });
  const all = rings.flatMap(({ ring }) => ring);
  if (all.length === 0) return null;
  const lngs = all.map(([lng]) => lng);
  const lats = all.map(([, lat]) => lat);
  const [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const across = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLng - minLng) * across, 1e-9);
  const spanY = Math.max(maxLat - minLat, 1e-9);
  const scale = Math.min((DRAWING.width - 2 * DRAWING.margin) / spanX, (DRAWING.height - 2 * DRAWING.margin) / spanY);
  const offsetX = (DRAWING.width - spanX * scale) / 2;
  const offsetY = (DRAWING.height - spanY * scale) / 2;
  const point = ([lng, lat]: LngLat) =>
    `${(offsetX + (lng - minLng) * across * scale).toFixed(1)},${(offsetY + (maxLat - lat) * scale).toFixed(1)}`;
  return (
    <svg
      viewBox={`0 0 ${DRAWING.width} ${DRAWING.height}`}
      className="h-auto w-full rounded-lg bg-gray-50 dark:bg-gray-900"
      role="img"
      aria-hidden="true"
      data-import-drawing=""
    >
      {rings.map(({ ring, colour, dashed, key }) => (
        <polygon
          key={key}
          points={ring.map(point).join(" ")}
          fill={dashed ? "none" : colour}
          fillOpacity={0.2}
          stroke={colour}
          strokeWidth={2}
          strokeDasharray={dashed ? "5 4" : undefined}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}
