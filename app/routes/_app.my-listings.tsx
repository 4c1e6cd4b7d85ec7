import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import type { ListingReplyData, MyListing } from "~/components/listings/listing-types";
import { MY_LISTINGS_TABS, MyListingsPage, STATUS_FILTERS } from "~/components/listings/my-listings-page";
import { listSavedListings } from "~/modules/saved/saved.server";
import { z } from "~/lib/zod";
import { LISTING_LIMITS } from "~/modules/listings/constants";
import { PRODUCTS_PAGE_SIZE } from "~/modules/products/constants";
import { addressSearch, optionalText, recordId } from "~/lib/text";
import { requireFeature, requireUser } from "~/modules/auth/gates.server";
import { readPhone } from "~/modules/auth/users.server";
import { intent, pageActions } from "~/server/http/page-actions.server";
import { pageSuccess } from "~/server/http/page-reply.server";
import { validateLeniently, validateValue } from "~/server/validation";
import { createListing, deleteListing, setListingStatus, updateListing } from "~/modules/listings/listings.server";
import { listListings } from "~/modules/listings/browsing.server";
import { countComparableListings, marketInsights, priceStats } from "~/modules/listings/insights.server";
import { listingQuerySchema, listingSchema, listingStatusSchema, type ListingIntent } from "~/modules/listings/schemas";
import { logger } from "~/server/logger.server";
import { pageFeatureAccess } from "~/modules/premium/page-access.server";
import { recordFeatureUse } from "~/modules/premium/premium.server";
import { listProducts } from "~/modules/products/products.server";

// My Listings: the seller's own listings (paused ones included), filtered by a
// search and a status kept in the URL; create, edit, pause or activate, delete.

/** The address's filters: a search that cannot be used, or an unknown status, reads as none. */
const filtersSchema = z.object({
  search: addressSearch(100),
  status: z.enum(STATUS_FILTERS).catch("all"),
  tab: z.enum(MY_LISTINGS_TABS).catch("mine"),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = filtersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const query = validateLeniently(listingQuerySchema, {
    seller_id: user.id,
    search: filters.search,
    status: filters.status === "all" ? undefined : filters.status,
    sort: "newest",
    limit: LISTING_LIMITS.pageSize,
    offset: 0,
  });
  try {
    const [{ listings }, { products }, comparableListings, phone, saved] = await Promise.all([
      listListings(query, user.id),
      listProducts({ is_active: "true", limit: PRODUCTS_PAGE_SIZE, offset: 0 }),
      countComparableListings(user.id),
      readPhone(user.id),
      filters.tab === "saved" ? listSavedListings(user.id) : [],
    ]);
    return {
      filters,
      listings: listings satisfies MyListing[],
      products: products.map(({ id, name, unit }) => ({ id, name, unit })),
      comparableListings,
      saved,
      loadError: false,
      // Whether 'Show my phone number to buyers' can be ticked; the number itself stays on Profile.
      hasPhone: phone !== null,
      access: await pageFeatureAccess(user.id, "premium_products"),
    };
  } catch (error) {
    // The page stays usable and says so ('Failed to load your listings. Please try again.') instead of replacing the shell.
    logger.error({ err: error, userId: user.id }, "my listings could not be loaded");
    return {
      filters,
      listings: [] as MyListing[],
      products: [],
      comparableListings: 0,
      saved: [],
      loadError: true,
      hasPhone: false,
      access: await pageFeatureAccess(user.id, "premium_products"),
    };
  }
}

/** The listing an update, a status change or a delete is about: a record id, or the form's error. */
const listingId = (form: FormData) => validateValue(recordId("listing.errors.notFound"), form.get("id"));
const success = (intent: ListingIntent, data?: ListingReplyData) =>
  pageSuccess<ListingIntent, ListingReplyData>(intent, { data });

export const action = pageActions({
  create: intent({
    gate: requireUser,
    input: { form: listingSchema },
    run: async ({ user, input }) => {
      await createListing(input, user.id);
      return success("create");
    },
  }),
  update: intent({
    gate: requireUser,
    input: { form: listingSchema },
    run: async ({ user, form, input }) => {
      await updateListing(listingId(form), user.id, input);
      return success("update");
    },
  }),
  // The premium listing analytics: each look is a recorded premium use.
  insights: intent({
    gate: (request) => requireFeature(request, "premium_products"),
    run: async ({ user: grant }) => {
      // Compared first: a look that finds nothing to compare does not spend a premium use (or the trial).
      const insights = await marketInsights(grant.user.id);
      if (insights.length > 0) await recordFeatureUse(grant.user.id, "premium_products");
      return success("insights", { insights });
    },
  }),
  // A premium marketplace tool: each suggestion is a recorded premium use.
  "suggest-price": intent({
    gate: requireUser,
    run: async ({ user, form }) => {
      const productId = validateValue(optionalText(recordId("listing.errors.productNotFound")), form.get("productId"));
      // A product with too few listings to suggest from costs nothing.
      const suggestion = productId ? await priceStats(productId) : null;
      if (suggestion) await recordFeatureUse(user.id, "premium_products");
      return success("suggest-price", { suggestion });
    },
  }),
  delete: intent({
    gate: requireUser,
    run: async ({ user, form }) => {
      await deleteListing(listingId(form), user.id);
      return success("delete");
    },
  }),
  status: intent({
    gate: requireUser,
    input: { schema: listingStatusSchema, fields: (form) => ({ status: form.get("status") }) },
    run: async ({ user, form, input: { status } }) => {
      await setListingStatus(listingId(form), user.id, status);
      return success("status", { status });
    },
  }),
});

export default function MyListings() {
  const data = useLoaderData<typeof loader>();
  return <MyListingsPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("MyListingsPage");
