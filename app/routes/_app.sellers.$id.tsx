import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { SellerPage } from "~/components/sellers/seller-page";
import { requireUser } from "~/modules/auth/gates.server";
import { savedAmong } from "~/modules/saved/saved.server";
import { sellerPage, sellerPageQuery } from "~/modules/sellers/sellers.server";
import { sellerReviews } from "~/modules/reviews/reviews.server";
import { detectLanguage } from "~/server/i18n.server";
import { Refusal } from "~/server/refusal";

// /sellers/{id}: a seller's public page, for anyone signed in (as the marketplace is): their
// public name, town, month joined, whether their phone is verified, how many listings they sold,
// and their listings on sale as the marketplace's cards. Nothing private. A suspended seller, an
// unknown id or someone with nothing on show: the app's 'Page Not Found'.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { page } = sellerPageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  try {
    const answer = await sellerPage(params.id ?? "", user.id, page);
    const [savedIds, reviews] = await Promise.all([
      savedAmong(
        user.id,
        answer.listings.map((listing) => listing.id),
      ),
      sellerReviews(answer.seller.id, 1),
    ]);
    return { ...answer, savedIds, reviews: reviews.reviews, viewerId: user.id, locale: detectLanguage(request) };
  } catch (error) {
    if (error instanceof Refusal && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.seller.name} · Asiiko` : "Seller · Asiiko" },
  { name: "robots", content: "noindex" },
];

export default function Seller() {
  const data = useLoaderData<typeof loader>();
  return <SellerPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("SellerPage");
