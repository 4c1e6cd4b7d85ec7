import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { readSearchFilters, toSearchQuery } from "~/components/search/filters";
import { resultsAge, SearchPage } from "~/components/search/search-page";
import { passRetryAfter } from "~/lib/route-headers";
import { requireUser } from "~/modules/auth/gates.server";
import { searchQuerySchema } from "~/modules/search/schemas";
import { countSearch } from "~/modules/search/rate-limits.server";
import { hasSearch, runSearch } from "~/modules/search/search.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { validateLeniently } from "~/server/validation";

export const headers = passRetryAfter;

export const meta: MetaFunction = () => [{ title: "Search & Discover · Asiiko" }];

// Search & Discover: products, marketplace listings and farms in one search.
// The text and the filters live in the address, so the server renders the
// results and a search can be shared; a filter that does not read is left
// out rather than answered with an error. Nothing is searched until there is
// text, a content type or a place (the start state then offers ways in).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = readSearchFilters(new URL(request.url).searchParams);
  const query = validateLeniently(searchQuerySchema, toSearchQuery(filters));
  if (!hasSearch(query)) return { filters, results: null, error: null };
  try {
    await countSearch(user.id, context.clientIp);
    return { filters, results: await runSearch(query, user.id), error: null };
  } catch (error) {
    if (error instanceof Refusal && error.status === 429) {
      return data({ filters, results: null, error: error.message }, { status: 429, headers: error.headers });
    }
    logger.error({ err: error }, "search failed");
    return { filters, results: null, error: "search.errors.unavailable" };
  }
}

// Results stay fresh for 30 seconds (product rule): a form sent elsewhere on the page (the
// theme, the language) does not search again within that time; a new address always does.
const STALE_MS = 30_000;
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (currentUrl.href !== nextUrl.href) return defaultShouldRevalidate;
  return resultsAge() >= STALE_MS && defaultShouldRevalidate;
};

export default function Search() {
  const data = useLoaderData<typeof loader>();
  return <SearchPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("SearchPage");
