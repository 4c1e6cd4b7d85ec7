import { expandTerm, normaliseTerm } from "../../../search/synonyms";
import { prisma } from "~/server/db.server";
import { weekOf } from "./figures";

// The products the prices page offers: those whose catalogue name matches what was typed, in any
// of the local names search knows ('agbado', 'masara' and 'oka' find White Maize; 'rogo' finds
// cassava), or, before anything is typed, the products with the most towns priced lately.

export interface PriceProduct {
  id: string;
  name: string;
  unit: string | null;
}

const MAX_WORDS = 5;
const MAX_RESULTS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A LIKE pattern's own characters, taken literally. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Active catalogue products whose name holds every typed word (or a local name of it), or the
 * whole text as a local name ('ata rodo'); by name, at most 20.
 */
export async function findPriceProducts(typed: string): Promise<PriceProduct[]> {
  const words = normaliseTerm(typed).split(" ").filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return [];
  const contains = (name: string) => ({ name: { contains: likeLiteral(name), mode: "insensitive" as const } });
  const everyWord = { AND: words.map((word) => ({ OR: expandTerm(word).map(contains) })) };
  const wholeText = words.length > 1 ? expandTerm(words.join(" ")).map(contains) : [];
  return prisma.product.findMany({
    where: { isActive: true, OR: [everyWord, ...wholeText] },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: MAX_RESULTS,
    select: { id: true, name: true, unit: true },
  });
}

/** How long the products offered before a search are kept: the figures job runs every 5 minutes. */
const POPULAR_MS = 5 * 60 * 1000;
let popular: { key: string; at: number; products: Promise<PriceProduct[]> } | null = null;

/**
 * The products priced in the most towns over the last four weeks: what to offer before a search.
 * The same for every reader and changed only by the figures job, so worked out once every five
 * minutes per process rather than on every page (it reads the month's figures of every product).
 * Readers arriving while it is being worked out wait for that one query rather than each running
 * their own (fifty USSD callers at once would otherwise run it fifty times).
 */
export function popularPriceProducts(now = new Date(), take = 12): Promise<PriceProduct[]> {
  const key = `${weekOf(now)}|${take}`;
  if (popular && popular.key === key && now.getTime() - popular.at < POPULAR_MS) return popular.products;
  const since = new Date(new Date(`${weekOf(now)}T00:00:00Z`).getTime() - 3 * 7 * DAY_MS);
  const products = prisma.$queryRaw<PriceProduct[]>`
    SELECT p.id, p.name, p.unit
    FROM (SELECT "productId", count(*) AS towns
          FROM (SELECT DISTINCT "productId", town FROM "PriceFigure" WHERE week >= ${since}::date) pairs
          GROUP BY "productId") f
    JOIN "Product" p ON p.id = f."productId" AND p."isActive"
    ORDER BY f.towns DESC, p.name ASC
    LIMIT ${take}`;
  const entry = { key, at: now.getTime(), products };
  popular = entry;
  // A failed query is not kept: the next reader asks again.
  products.catch(() => {
    if (popular === entry) popular = null;
  });
  return products;
}
