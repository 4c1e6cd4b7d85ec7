import { z } from "~/lib/zod";
import { commaList, emptyToUndefined, optionalNumber, queryCoordinate } from "~/lib/query-params";
import { text } from "~/lib/text";
import { SEARCH_ENTITIES } from "../../../search/documents";
import { SEARCH_LIMIT_MAX, SEARCH_RADII, SEARCH_RADIUS_DEFAULT, SEARCH_RADIUS_MAX, SEARCH_TEXT_MAX } from "./constants";

export { SEARCH_LIMIT_MAX, SEARCH_RADII, SEARCH_RADIUS_DEFAULT, SEARCH_RADIUS_MAX, SEARCH_TEXT_MAX };

// The query of GET /api/search and of the /search page: the same schema, so
// the page's address and the API mean the same thing. Messages are
// translation keys (app/locales/*.json, section "search").

export const searchQuerySchema = z
  .object({
    q: z.preprocess((value) => value ?? "", text({ max: SEARCH_TEXT_MAX, tooLong: "search.errors.textTooLong" })),
    types: commaList(SEARCH_ENTITIES, "search.errors.types"),
    lat: queryCoordinate("latitude", "search.errors.coordinates"),
    lng: queryCoordinate("longitude", "search.errors.coordinates"),
    radius_km: optionalNumber(
      z.number().positive("search.errors.radius").max(SEARCH_RADIUS_MAX, "search.errors.radius"),
      "search.errors.radius",
    ),
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
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: "search.errors.coordinates",
    path: ["lat"],
  })
  .refine((query) => query.radius_km === undefined || query.lat !== undefined, {
    message: "search.errors.radiusNeedsPoint",
    path: ["radius_km"],
  })
  // Types without duplicates, in the order products, listings, farms; none given is none.
  .transform((query) => ({ ...query, types: SEARCH_ENTITIES.filter((type) => query.types?.includes(type) ?? false) }));
export type SearchParams = z.infer<typeof searchQuerySchema>;

/**
 * The catalogue code of a search query problem: a place (coordinates, radius) is
 * VLD_INVALID_GPS_COORDS; the catalogue has no closer code for the others (types,
 * limit, text), which are VLD_REQUIRED_FIELD as in the listing query.
 */
export function searchIssueCode(field: string) {
  if (field === "lat" || field === "lng" || field === "radius_km") return "VLD_INVALID_GPS_COORDS";
  return "VLD_REQUIRED_FIELD";
}
