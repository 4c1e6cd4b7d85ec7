import { requireFeature } from "~/modules/auth/gates.server";
import { BOUNDARY_FILE_MAX_BYTES } from "~/modules/farms/boundary-file.server";
import { FARM_WRITES } from "~/modules/farms/farms.server";
import { importIntoFarm } from "~/modules/farms/files.server";
import { importFieldsSchema } from "~/modules/farms/schemas";
import { apiRoute } from "~/server/http/api-route.server";
import { photoField, readFileForm } from "~/server/http/multipart.server";
import { getFixedT } from "~/server/i18n.server";
import { validate } from "~/server/validation";

// POST /api/farms/{id}/import (multipart: file, use = plots | boundary, mode = preview | save):
// a KML, KMZ or GeoJSON file's polygons brought into the user's farm. Every shape is checked as a
// drawn one is; with use=boundary the largest good shape becomes the farm's boundary and the rest
// its plots, with use=plots every good shape inside the farm becomes a plot, named after its
// placemark. mode=preview (the default) answers 200 with what each shape would become and writes
// nothing; mode=save writes exactly that and answers 201 with the farm and its new plots.
const route = apiRoute({
  POST: async ({ request, params }) => {
    const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
    const form = await readFileForm(request, BOUNDARY_FILE_MAX_BYTES);
    const fields = validate(importFieldsSchema, {
      use: form.get("use") ?? undefined,
      mode: form.get("mode") ?? undefined,
    });
    const bytes = await photoField(form, ["file"], "mapping.import.errors.fileRequired");
    const t = await getFixedT(request);
    const save = fields.mode === "save";
    const { plan, farm, plots } = await importIntoFarm(
      params.id ?? "",
      grant,
      { bytes: new Uint8Array(bytes), useAsBoundary: fields.use === "boundary", save },
      t,
    );
    const shapes = plan.shapes.map(({ coordinates: _coordinates, geometryJson, problem, ...shape }) => ({
      fields: { ...shape, problem, reason: problem ? t(problem) : null },
      geometryJson,
    }));
    const counts = {
      boundary: shapes.some(({ fields: shape }) => shape.role === "boundary"),
      plots: shapes.filter(({ fields: shape }) => shape.role === "plot").length,
      refused: shapes.filter(({ fields: shape }) => shape.role === "refused").length,
    };
    const answer = {
      success: true,
      saved: save,
      format: plan.format,
      skipped: plan.skipped,
      counts,
      ...(save ? { farm, plots } : {}),
      message:
        save && counts.plots === 0
          ? t("mapping.import.savedBoundary")
          : t(save ? "mapping.import.saved" : "mapping.import.previewed", { count: counts.plots }),
    };
    return new Response(withShapes(answer, shapes), {
      status: save ? 201 : 200,
      headers: { "Content-Type": "application/json" },
    });
  },
});

/**
 * The answer as JSON, its `shapes` each with the `geometry` the file's thread wrote as JSON
 * spliced in: a file's hundreds of thousands of corners are never made into arrays and written
 * out again on the event loop.
 */
function withShapes(answer: Record<string, unknown>, shapes: { fields: object; geometryJson: string }[]) {
  const written = shapes.map(
    ({ fields, geometryJson }) => `${JSON.stringify(fields).slice(0, -1)},"geometry":${geometryJson}}`,
  );
  return `{"shapes":[${written.join(",")}],${JSON.stringify(answer).slice(1)}`;
}

export const loader = route.loader;
export const action = route.action;
