import { distanceKm } from "~/lib/geo";
import { z } from "~/lib/zod";
import { findTown, NIGERIAN_TOWNS } from "~/modules/listings/towns";
import { Refusal } from "~/server/refusal";
import { validateLeniently } from "~/server/validation";
import { PRICE_PAGE_WEEKS } from "./constants";
import { findPriceAlert, listPriceAlerts, type PriceAlertDto } from "./alerts.server";
import { pricesOfProduct, type TownPrice, type WeekPoint } from "./prices.server";
import { findPriceProducts, popularPriceProducts, type PriceProduct } from "./products.server";

// What /prices shows, from its address: ?q= (a product search, local names understood),
// ?product= (its towns), &town= (that town's twelve weeks), &near= (a typed town) or &lat=&lng=
// (the device's place) to order the towns by distance. What does not validate is left out, so a
// hand-edited link still shows the page.

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const coordinate = (limit: number) => z.coerce.number().min(-limit).max(limit);

const pageQuerySchema = z.object({
  q: optional(z.string().trim().max(100)),
  product: optional(
    z
      .string()
      .max(100)
      .regex(/^[\w-]+$/),
  ),
  town: optional(z.string().trim().min(1).max(100)),
  near: optional(z.string().trim().max(100)),
  lat: optional(coordinate(90)),
  lng: optional(coordinate(180)),
});

export interface TownRow extends TownPrice {
  /** Straight-line distance from the place asked for, when the town is a known one. */
  distanceKm: number | null;
}

export interface PricesPageData {
  q: string;
  near: string;
  /** The typed 'near' town was not one we know. */
  nearUnknown: boolean;
  /** Ordered by the device's place. */
  located: boolean;
  products: PriceProduct[];
  /** Products offered before anything is typed. */
  popular: boolean;
  chosen: { product: PriceProduct; towns: TownRow[]; town: string | null; series: WeekPoint[] } | null;
  /** The product asked for is not in the catalogue. */
  productMissing: boolean;
  alert: PriceAlertDto | null;
  alerts: PriceAlertDto[];
}

const knownTowns = new Map(NIGERIAN_TOWNS.map((town) => [town.name, town]));

export async function pricesPage(userId: string, url: URL): Promise<PricesPageData> {
  const query = validateLeniently(pageQuerySchema, Object.fromEntries(url.searchParams));
  const q = query.q ?? "";
  const near = query.near ?? "";
  const nearTown = near ? findTown(near) : undefined;
  const origin =
    nearTown ??
    (query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : undefined);

  let chosen: PricesPageData["chosen"] = null;
  let productMissing = false;
  if (query.product) {
    try {
      const answer = await pricesOfProduct(query.product, { town: query.town, weeks: PRICE_PAGE_WEEKS });
      const towns = answer.towns.map((row): TownRow => {
        const place = knownTowns.get(row.town);
        return { ...row, distanceKm: origin && place ? Math.round(distanceKm(origin, place)) : null };
      });
      towns.sort((a, b) =>
        origin
          ? (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY) ||
            a.town.localeCompare(b.town)
          : a.town.localeCompare(b.town),
      );
      const town = query.town ? (towns.find((row) => row.town === query.town)?.town ?? query.town) : null;
      chosen = { product: answer.product, towns, town, series: answer.series };
    } catch (error) {
      if (!(error instanceof Refusal) || error.status !== 404) throw error;
      productMissing = true;
    }
  }
  const [products, alert, alerts] = await Promise.all([
    q ? findPriceProducts(q) : chosen ? Promise.resolve([]) : popularPriceProducts(),
    chosen?.town ? findPriceAlert(userId, chosen.product.id, chosen.town) : Promise.resolve(null),
    listPriceAlerts(userId),
  ]);
  return {
    q,
    near,
    nearUnknown: Boolean(near) && !nearTown,
    located: !nearTown && origin !== undefined,
    products,
    popular: !q && !chosen,
    chosen,
    productMissing,
    alert,
    alerts,
  };
}
