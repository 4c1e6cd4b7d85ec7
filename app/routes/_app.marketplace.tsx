import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { readFilters, toListingQuery, writeFilters } from "~/components/marketplace/filters";
import { toMarketplaceListing } from "~/components/marketplace/listing-card";
import { MarketplacePage, pageCount } from "~/components/marketplace/marketplace-page";
import { UPSELL_COOKIE, UPSELL_DISMISSED } from "~/components/marketplace/marketplace-upsell";
import { passRetryAfter } from "~/lib/route-headers";
import { readCookie } from "~/lib/cookies";
import { requireUser } from "~/modules/auth/gates.server";
import { listListings, marketplaceListing } from "~/modules/listings/browsing.server";
import { listingQuerySchema } from "~/modules/listings/schemas";
import { savedAmong } from "~/modules/saved/saved.server";
import { countPageSearch } from "~/modules/search/rate-limits.server";
import { pageFeatureAccess } from "~/modules/premium/page-access.server";
import { validateLeniently } from "~/server/validation";

export const headers = passRetryAfter;

export const meta: MetaFunction = () => [{ title: "Marketplace · Asiiko" }];

// The marketplace: every seller's active and sold listings, searched and
// filtered. The filters live in the address, so the server renders the first
// page of results and a filtered page can be shared. A filter that does not
// validate is dropped or brought within its bounds (readFilters), never
// answered with an error page; a page past the last one goes to the last one.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams);
  const query = validateLeniently(listingQuerySchema, toListingQuery(filters));
  if (query.search) await countPageSearch(user.id, context.clientIp);
  // A search result opens its listing's details here: ?listing={id} (unknown or not visible: just the list).
  const listingId = url.searchParams.get("listing");
  const [{ listings, total, totalCapped }, access, opened] = await Promise.all([
    listListings(query, user.id),
    pageFeatureAccess(user.id, "premium_products"),
    listingId ? marketplaceListing(listingId, user.id) : null,
  ]);
  const pages = pageCount(total);
  if (filters.page > pages) {
    // An old link or a hand-edited address: the count and the list must agree, so show the last page.
    const params = writeFilters({ ...filters, page: pages });
    throw redirect(params.size ? `${url.pathname}?${params}` : url.pathname);
  }
  // Which of these hearts are filled: the account's saved listings.
  const savedIds = await savedAmong(
    user.id,
    opened ? [...listings.map((listing) => listing.id), opened.id] : listings.map((listing) => listing.id),
  );
  const upsellDismissed = readCookie(request.headers.get("Cookie"), UPSELL_COOKIE) === UPSELL_DISMISSED;
  return {
    listings: listings.map(toMarketplaceListing),
    total,
    totalCapped,
    filters,
    access,
    upsellDismissed,
    opened: opened ? toMarketplaceListing(opened) : null,
    savedIds,
  };
}

export default function Marketplace() {
  const data = useLoaderData<typeof loader>();
  return <MarketplacePage {...data} />;
}

/** A failed load: 'Failed to load marketplace listings.' and a Try Again that loads the page again. */
export const ErrorBoundary = loadErrorBoundary("MarketplacePage", "marketplace.loadError");
