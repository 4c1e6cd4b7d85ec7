import { requireUser } from "~/modules/auth/gates.server";
import { exportFarm } from "~/modules/farms/files.server";
import { farmKml } from "~/modules/farms/kml";
import { apiRoute } from "~/server/http/api-route.server";
import { Refusal } from "~/server/refusal";

// GET /api/farms/{id}/export[?format=geojson|kml]: the farm's boundary and its plots as a GeoJSON
// FeatureCollection file (for GIS tools, an extension officer, a land office), or as KML (Google
// Earth, GPS devices, other farm apps). The owner may always take their maps away, premium or not.
/** A header parameter value (RFC 5987): percent-encoded UTF-8, with the characters encodeURIComponent leaves but the header may not hold. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const format = new URL(request.url).searchParams.get("format") ?? "geojson";
    if (format !== "geojson" && format !== "kml")
      throw new Refusal(400, "VLD_REQUIRED_FIELD", "mapping.exportFormatInvalid", {
        format: ["mapping.exportFormatInvalid"],
      });
    const { farm, collection } = await exportFarm(params.id ?? "", user.id);
    const baseName =
      farm.name
        .normalize("NFKD")
        .replace(/[^\w -]+/g, "")
        .trim()
        .replace(/\s+/g, "-")
        .toLowerCase() || "farm";
    const body = format === "kml" ? farmKml(farm.name, collection.features) : JSON.stringify(collection, null, 1);
    return new Response(body, {
      headers: {
        "Content-Type":
          format === "kml"
            ? "application/vnd.google-earth.kml+xml; charset=utf-8"
            : "application/geo+json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${baseName}.${format}"; filename*=UTF-8''${rfc5987(`${farm.name}.${format}`)}`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
