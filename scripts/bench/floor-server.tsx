// The floors the page benchmark (scripts/bench/pages.ts) sets our /marketplace against, served
// over node:http as our server is, so autocannon measures them the same way:
//   GET /cards  React rendering the marketplace's 50 cards (the same listings, the same card
//               component, in English) to a string, with nothing else: no database, no session,
//               no route matching, no loader data, no shell; compressed as our server compresses.
//   GET /       Express and Remix answering a page that renders nothing (one route, no loader),
//               through the same request handler and streaming renderer our server uses.
// Started by pages.ts with DATABASE_URL, PORT and BENCH_VIEWER set (the viewer the cards are
// read for); NODE_ENV=production, so React is its production build as in ours.
import http from "node:http";
import { PassThrough } from "node:stream";
import { createRequestHandler } from "@remix-run/express";
import { createReadableStreamFromReadable, type ServerBuild } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import compression from "compression";
import express from "express";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ListingCard, toMarketplaceListing } from "../../app/components/marketplace/listing-card";
import { ShellCountsProvider } from "../../app/components/shell/shell-counts";
import { listListings } from "../../app/modules/listings/browsing.server";
import { listingQuerySchema } from "../../app/modules/listings/schemas";
import { createI18nInstance } from "../../app/server/i18n.server";

const viewer = process.env.BENCH_VIEWER ?? "";

/** The 50 cards of the marketplace's first page, rendered by the card component alone. */
async function cardsRenderer() {
  const { listings } = await listListings(listingQuerySchema.parse({ limit: "50" }), viewer);
  const cards = listings.map(toMarketplaceListing);
  const i18n = await createI18nInstance("en");
  const Cards = () => (
    <div className="grid">
      {cards.map((listing, index) => (
        <ListingCard
          key={listing.id}
          listing={listing}
          priority={index < 2}
          view="grid"
          favourite={false}
          onToggleFavourite={() => {}}
          onView={() => {}}
        />
      ))}
    </div>
  );
  // The cards' links and buttons need a router and the shell's counts, as on the page.
  const Stub = createRemixStub([{ path: "/", Component: Cards }]);
  return () =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <ShellCountsProvider cartIds={[]} unread={0}>
          <Stub initialEntries={["/"]} />
        </ShellCountsProvider>
      </I18nextProvider>,
    );
}

/** A Remix build of one route that renders an empty document, answered as our entry.server answers. */
function emptyBuild(): ServerBuild {
  const EmptyPage = () => (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
      </head>
      <body />
    </html>
  );
  const rootManifest = {
    id: "root",
    path: "",
    module: "/assets/root.js",
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
    imports: [],
    css: [],
  };
  return {
    mode: "production",
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) =>
          new Promise<Response>((resolve, reject) => {
            const { pipe } = renderToPipeableStream(<EmptyPage />, {
              onShellReady() {
                const body = new PassThrough();
                headers.set("Content-Type", "text/html; charset=utf-8");
                resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
                pipe(body);
              },
              onShellError: reject,
            });
          }),
      },
    },
    routes: { root: { id: "root", path: "", module: { default: EmptyPage } } },
    assets: {
      url: "/assets/manifest.js",
      version: "floor",
      entry: { module: "/assets/entry.js", imports: [] },
      routes: { root: rootManifest },
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild; // The build's full type carries Vite's manifest fields this page does not need.
}

async function main() {
  const renderCards = await cardsRenderer();
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.get("/cards", (_request, response) => {
    response.type("html").send(renderCards());
  });
  app.get("/health", (_request, response) => response.end("ok"));
  app.all("*", createRequestHandler({ build: emptyBuild(), mode: "production" }));
  const server = http.createServer(app);
  server.listen(Number(process.env.PORT), "127.0.0.1");
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
