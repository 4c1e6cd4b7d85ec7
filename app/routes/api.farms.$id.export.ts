import { requireUser } from "~/modules/auth/gates.server";
import { exportFarm } from "~/modules/farms/farms.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/farms/{id}/export: the farm's boundary and its plots as a GeoJSON
// FeatureCollection file (for GIS tools, an extension officer, a land office).
// The owner may always take their maps away, premium or not.
/** A header parameter value (RFC 5987): percent-encoded UTF-8, with the characters encodeURIComponent leaves but the header may not hold. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const { farm, collection } = await exportFarm(params.id ?? "", user.id);
    const fileName = `${
      farm.name
        .normalize("NFKD")
        .replace(/[^\w -]+/g, "")
        .trim()
        .replace(/\s+/g, "-")
        .toLowerCase() || "farm"
    }.geojson`;
    return new Response(JSON.stringify(collection, null, 1), {
      headers: {
        "Content-Type": "application/geo+json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"; filename*=UTF-8''${rfc5987(`${farm.name}.geojson`)}`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
