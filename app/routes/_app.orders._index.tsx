import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { OrdersPage } from "~/components/orders/orders-page";
import { requireUser } from "~/modules/auth/gates.server";
import { listOrders } from "~/modules/orders/reading.server";
import { orderListQuery } from "~/modules/orders/schemas";
import { detectLanguage } from "~/server/i18n.server";
import { validateLeniently } from "~/server/validation";

// My orders (/orders?role=buyer|seller&page=): the orders the user sent (Buying) or received
// (Selling), newest activity first. A hand-edited address shows the first page of Buying.

export const meta: MetaFunction = () => [{ title: "My orders · Asiiko" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = validateLeniently(orderListQuery, { role: params.role, page: params.page });
  const answer = await listOrders(user.id, query);
  return { ...answer, role: query.role, locale: detectLanguage(request) };
}

export default function Orders() {
  const data = useLoaderData<typeof loader>();
  return <OrdersPage {...data} />;
}

export const ErrorBoundary = loadErrorBoundary("OrdersPage", "orders.loadError");
