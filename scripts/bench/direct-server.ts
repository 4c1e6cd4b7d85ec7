// The benchmark's reference: a bare node:http server that does the same database work as our
// routes for the same addresses (the same SQL statements, built by the same pure functions),
// straight through the `pg` driver, with no framework, validation layers, sessions or
// rendering. What our server costs on top of PostgreSQL is the difference.
// Started by scripts/bench/run.ts with DATABASE_URL, PORT and BENCH_VIEWER set.
import http from "node:http";
import pg from "pg";
import { browseStatements } from "../../app/modules/listings/browse-sql.server";
import { listingQuerySchema } from "../../app/modules/listings/schemas";
import {
  listingWordsCondition,
  matchingIdsStatements,
  searchStatements,
} from "../../app/modules/search/postgres.server";
import { searchQuerySchema } from "../../app/modules/search/schemas";
import { EXACT_TOO_FEW, MATCH_LIMIT } from "../../app/modules/search/backend";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const defaultViewer = process.env.BENCH_VIEWER ?? "";

type Statement = { text: string; values: unknown[] };
const run = async <T extends pg.QueryResultRow>(statement: Statement) =>
  (await pool.query<T>(statement.text, statement.values)).rows;

async function listings(params: Record<string, string>, viewer: string) {
  const query = listingQuerySchema.parse(params);
  const browse = async (matched: string[] | ReturnType<typeof listingWordsCondition>) => {
    const rows = await run<{ id: string | null; counted: number }>(browseStatements(query, viewer, matched).statement);
    return { listings: rows.filter((row) => row.id !== null), total: rows[0]?.counted ?? 0 };
  };
  if (!query.search) return browse(null);
  const exact = await browse(listingWordsCondition(query.search));
  if (exact.total >= EXACT_TOO_FEW) return exact;
  const own = query.seller_id === viewer;
  const statements = matchingIdsStatements({
    type: "listing",
    text: query.search,
    viewerId: viewer,
    ownOnly: own,
    ownerId: query.seller_id ?? undefined,
    limit: MATCH_LIMIT,
  });
  return browse(statements ? (await run<{ entityId: string }>(statements.exact)).map((row) => row.entityId) : []);
}

async function search(params: Record<string, string>, viewer: string) {
  const query = searchQuerySchema.parse(params);
  const statements = searchStatements({
    text: query.q,
    types: query.types,
    viewerId: viewer,
    limit: query.limit,
    near: null,
  });
  const rows = await run(statements.exact);
  if (statements.typo && rows.length < 3) return run(statements.typo);
  return rows;
}

async function products(params: Record<string, string>) {
  const limit = Math.min(100, Number(params.limit ?? 100));
  const [rows, count] = await Promise.all([
    run({
      text: `SELECT id, name, description, categories, unit, attributes, "isActive", images, "createdAt", "updatedAt" FROM "Product" ORDER BY "createdAt" DESC, id LIMIT $1`,
      values: [limit],
    }),
    run<{ n: number }>({ text: `SELECT count(*)::int AS n FROM "Product"`, values: [] }),
  ]);
  return { products: rows, total: count[0]?.n ?? 0 };
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const params = Object.fromEntries(url.searchParams);
  const viewer = String(request.headers["x-viewer"] ?? defaultViewer);
  const work =
    url.pathname === "/api/market/listings" || url.pathname === "/marketplace"
      ? listings(params, viewer)
      : url.pathname === "/api/search"
        ? search(params, viewer)
        : url.pathname === "/api/products"
          ? products(params)
          : url.pathname === "/health"
            ? Promise.resolve({ ok: true })
            : null;
  if (!work) {
    response.writeHead(404).end();
    return;
  }
  work.then(
    (data) => {
      const body = JSON.stringify({ success: true, data });
      response
        .writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) })
        .end(body);
    },
    (error: Error) => {
      response.writeHead(500, { "Content-Type": "text/plain" }).end(error.message);
    },
  );
});

server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
