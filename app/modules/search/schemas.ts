import { z } from "zod";
import { commaList, emptyToUndefined, optionalNumber } from "~/lib/query-params";
import { optionalText, text } from "~/lib/text";
import { SEARCH_ENTITIES } from "../../../search/documents";

// GET /api/search and the /search page's address: q, types, lat, lng, radius_km, limit.

export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_RADIUS_KM_MAX = 500;

export const searchParamsSchema = z
  .object({
    q: optionalText(text({ max: 200 })),
    types: commaList(SEARCH_ENTITIES, "search.errors.types"),
    lat: optionalNumber(z.number().min(-90, "listing.errors.coordinates").max(90, "listing.errors.coordinates")),
    lng: optionalNumber(z.number().min(-180, "listing.errors.coordinates").max(180, "listing.errors.coordinates")),
    radius_km: optionalNumber(z.number().gt(0, "listing.errors.radius").max(SEARCH_RADIUS_KM_MAX, "listing.errors.radius")),
    limit: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "search.errors.limit" })
        .int("search.errors.limit")
        .min(1, "search.errors.limit")
        .max(SEARCH_LIMIT_MAX, "search.errors.limit")
        .default(SEARCH_LIMIT_MAX),
    ),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), { message: "listing.errors.coordinates", path: ["lat"] });
export type SearchParams = z.infer<typeof searchParamsSchema>;

/** The catalogue code of a search parameter problem. */
export function searchIssueCode(field: string) {
  return field === "lat" || field === "lng" || field === "radius_km" ? "VLD_INVALID_GPS_COORDS" : "VLD_REQUIRED_FIELD";
}
