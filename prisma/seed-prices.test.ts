import { afterEach, describe, expect, it, vi } from "vitest";
import { NIGERIAN_TOWNS } from "~/modules/listings/towns";
import { MIN_POINTS, weekOf } from "~/modules/prices/figures";
import { SEED_PRODUCTS } from "./seed-data";
import {
  DEMO_PRICE_TOWNS,
  DEMO_PRICE_WEEKS,
  demoPriceEvents,
  demoPriceFigures,
  type DemoPriceFigure,
} from "./seed-prices";

// The demo's market prices as the price pages would chart them: where, how many and how they move
// through the year, from the generator alone (the seed's integration test writes them).

// A Monday noon in October: the window runs from the lean weeks of July into the grain harvest.
const OCTOBER = new Date("2026-10-05T11:00:00Z");
// A few days before Christmas: the window runs from early October.
const DECEMBER = new Date("2026-12-21T11:00:00Z");

const NORTH = ["Kano", "Katsina", "Sokoto", "Maiduguri", "Kaduna", "Zaria", "Bauchi", "Gombe", "Yola"];
const SOUTH = [
  "Ikeja",
  "Ibadan",
  "Abeokuta",
  "Onitsha",
  "Enugu",
  "Aba",
  "Owerri",
  "Port Harcourt",
  "Benin City",
  "Uyo",
];
const COAST = ["Port Harcourt", "Warri", "Uyo", "Calabar", "Ikeja"];

const eventsAt = (now: Date) => demoPriceEvents(now);
const figuresAt = (now: Date) => demoPriceFigures(demoPriceEvents(now), now);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The median of a product in a town in the week starting `week`, if it has a figure. */
function median(figures: DemoPriceFigure[], productId: string, town: string, week: string) {
  const figure = figures.find((row) => row.productId === productId && row.town === town && day(row.week) === week);
  return figure ? Number(figure.medianNgn) : undefined;
}

/** A product's median over the towns named (those it is sold in), in the week starting `week`. */
function meanMedian(figures: DemoPriceFigure[], productId: string, week: string, towns?: string[]) {
  const medians = figures
    .filter((row) => row.productId === productId && day(row.week) === week && (!towns || towns.includes(row.town)))
    .map((row) => Number(row.medianNgn));
  expect(medians.length, `${productId} in the week of ${week}`).toBeGreaterThan(0);
  return medians.reduce((sum, value) => sum + value, 0) / medians.length;
}

afterEach(() => vi.restoreAllMocks());

describe("the demo's market prices", () => {
  it("are the same at every run for the same moment, without Math.random", () => {
    const random = vi.spyOn(Math, "random");
    expect(eventsAt(OCTOBER)).toEqual(eventsAt(OCTOBER));
    expect(random).not.toHaveBeenCalled();
  });

  it("keep a week's prices when the seed runs a week later", () => {
    const earlier = eventsAt(OCTOBER).filter((event) => weekOf(event.at) === "2026-09-21");
    const later = eventsAt(new Date(OCTOBER.getTime() + 7 * 86_400_000)).filter(
      (event) => weekOf(event.at) === "2026-09-21",
    );
    expect(earlier.length).toBeGreaterThan(0);
    expect(later).toEqual(earlier);
  });

  it("cover the catalogue's food, livestock and inputs in towns of every region, most products in most towns", () => {
    const events = eventsAt(OCTOBER);
    const priced = SEED_PRODUCTS.filter(
      (product) => !["Farm Equipment", "Farm Services"].includes(product.categories[0]!),
    ).map((product) => product.id);
    const products = new Set(events.map((event) => event.productId));
    expect([...products].sort()).toEqual([...priced].sort());
    expect(products.has("seed_product_tractor")).toBe(false);
    expect(products.size).toBeGreaterThanOrEqual(30);

    const towns = new Set(events.map((event) => event.town));
    expect(towns.size).toBeGreaterThanOrEqual(20);
    expect(towns.size).toBe(DEMO_PRICE_TOWNS.length);
    const states = new Set(
      [...towns].map((name) => NIGERIAN_TOWNS.find((town) => town.name === name)?.state ?? `unknown ${name}`),
    );
    expect([...states].filter((state) => state.startsWith("unknown"))).toEqual([]);
    expect(states.size).toBeGreaterThanOrEqual(20);

    // Not every product is sold everywhere, and every product in many towns.
    const pairs = new Set(events.map((event) => `${event.productId}|${event.town}`));
    const share = pairs.size / (products.size * towns.size);
    expect(share).toBeGreaterThanOrEqual(0.6);
    expect(share).toBeLessThanOrEqual(0.8);
    for (const productId of products)
      expect([...pairs].filter((pair) => pair.startsWith(`${productId}|`)).length, productId).toBeGreaterThanOrEqual(8);
  });

  it("give every product in its towns a figure for each of the twelve weeks up to now, and nothing after now", () => {
    const events = eventsAt(OCTOBER);
    const figures = demoPriceFigures(events, OCTOBER);
    const weeks = [...new Set(figures.map((row) => day(row.week)))].sort();
    expect(weeks).toHaveLength(DEMO_PRICE_WEEKS);
    expect(weeks.at(-1)).toBe(weekOf(OCTOBER));
    expect(weeks[0]).toBe("2026-07-20");
    expect(events.every((event) => event.at <= OCTOBER)).toBe(true);
    expect(events.every((event) => event.at >= new Date("2026-07-19T23:00:00Z"))).toBe(true);

    const byPair = new Map<string, number>();
    for (const row of figures)
      byPair.set(`${row.productId}|${row.town}`, (byPair.get(`${row.productId}|${row.town}`) ?? 0) + 1);
    expect(new Set(byPair.values())).toEqual(new Set([DEMO_PRICE_WEEKS]));
    for (const row of figures) {
      expect(row.count).toBeGreaterThanOrEqual(MIN_POINTS);
      expect(row.count + row.outliers).toBeLessThanOrEqual(9);
      expect(Number(row.lowNgn)).toBeLessThanOrEqual(Number(row.medianNgn));
      expect(Number(row.medianNgn)).toBeLessThanOrEqual(Number(row.highNgn));
    }
  });

  it("are about one in five trades, the rest asking prices, with now and then a price typed a zero out", () => {
    const events = eventsAt(OCTOBER);
    const figures = demoPriceFigures(events, OCTOBER);
    const trades = events.filter((event) => event.source === "trade").length / events.length;
    expect(trades).toBeGreaterThan(0.15);
    expect(trades).toBeLessThan(0.25);
    expect(new Set(events.map((event) => event.source))).toEqual(new Set(["listed", "repriced", "trade"]));
    const withOutliers = figures.filter((row) => row.outliers > 0).length / figures.length;
    expect(withOutliers).toBeGreaterThan(0.02);
    expect(withOutliers).toBeLessThan(0.15);
    // The figures' price range never shows a typo.
    for (const row of figures) expect(Number(row.highNgn)).toBeLessThan(Number(row.medianNgn) * 2);
  });

  it("put grain dearer in the July lean season than at the October harvest, in every town", () => {
    const figures = figuresAt(OCTOBER);
    for (const productId of ["seed_product_maize", "seed_product_rice", "seed_product_beans"]) {
      const towns = [...new Set(figures.filter((row) => row.productId === productId).map((row) => row.town))];
      expect(towns.length).toBeGreaterThan(0);
      for (const town of towns) {
        const july = median(figures, productId, town, "2026-07-20")!;
        const october = median(figures, productId, town, "2026-10-05")!;
        expect(july, `${productId} in ${town}`).toBeGreaterThan(october);
      }
    }
  });

  it("put tomatoes and peppers dear in the rains and cheaper as the dry season comes", () => {
    const figures = figuresAt(OCTOBER);
    for (const productId of ["seed_product_tomato", "seed_product_pepper"])
      expect(meanMedian(figures, productId, "2026-07-27")).toBeGreaterThan(
        meanMedian(figures, productId, "2026-10-05") * 1.15,
      );
  });

  it("keep livestock steadier than vegetables, with a rise for Christmas", () => {
    const figures = figuresAt(DECEMBER);
    const weeks = [...new Set(figures.map((row) => day(row.week)))].sort();
    const swing = (productId: string) => {
      const means = weeks.map((week) => meanMedian(figures, productId, week));
      return Math.max(...means) / Math.min(...means);
    };
    expect(swing("seed_product_goat")).toBeLessThan(swing("seed_product_tomato"));
    for (const productId of ["seed_product_goat", "seed_product_chicken"])
      expect(meanMedian(figures, productId, "2026-12-21")).toBeGreaterThan(
        meanMedian(figures, productId, "2026-10-05") * 1.05,
      );
  });

  it("put grain and livestock cheaper in the north, fish on the coast and yam in the Middle Belt", () => {
    const figures = figuresAt(OCTOBER);
    const week = "2026-09-07";
    for (const productId of ["seed_product_maize", "seed_product_beans", "seed_product_goat"])
      expect(meanMedian(figures, productId, week, NORTH)).toBeLessThan(meanMedian(figures, productId, week, SOUTH));
    expect(meanMedian(figures, "seed_product_catfish", week, COAST)).toBeLessThan(
      meanMedian(figures, "seed_product_catfish", week, NORTH),
    );
    const middleBelt = ["Makurdi", "Lafia", "Jos", "Minna", "Lokoja", "Ilorin", "Abuja"];
    expect(meanMedian(figures, "seed_product_yam", week, middleBelt)).toBeLessThan(
      meanMedian(figures, "seed_product_yam", week, [...NORTH, ...SOUTH]),
    );
  });
});
