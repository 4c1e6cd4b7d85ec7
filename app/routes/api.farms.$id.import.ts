import { requireFeature } from "~/modules/auth/gates.server";
import { BOUNDARY_FILE_MAX_BYTES } from "~/modules/farms/boundary-file.server";
import { FARM_WRITES, importIntoFarm } from "~/modules/farms/farms.server";
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
    const shapes = plan.shapes.map(({ ring: _ring, problem, ...shape }) => ({
      ...shape,
      problem,
      reason: problem ? t(problem) : null,
    }));
    const counts = {
      boundary: shapes.some((shape) => shape.role === "boundary"),
      plots: shapes.filter((shape) => shape.role === "plot").length,
      refused: shapes.filter((shape) => shape.role === "refused").length,
    };
    return Response.json(
      {
        success: true,
        saved: save,
        format: plan.format,
        skipped: plan.skipped,
        counts,
        shapes,
        ...(save ? { farm, plots } : {}),
        message:
          save && counts.plots === 0
            ? t("mapping.import.savedBoundary")
            : t(save ? "mapping.import.saved" : "mapping.import.previewed", { count: counts.plots }),
      },
      { status: save ? 201 : 200 },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
