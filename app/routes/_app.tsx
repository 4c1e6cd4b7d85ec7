import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { CheckoutReturnNotice } from "~/components/premium/checkout-return-notice";
import { AppShell } from "~/components/shell/app-shell";
import { toPublicUser } from "~/modules/auth/session.server";
import { requireUser } from "~/modules/auth/gates.server";
import { currentSubscriptionOf } from "~/modules/payments/plan.server";
import { cartListingIds } from "~/modules/cart/cart.server";
import { unreadCount } from "~/modules/notifications/notifications.server";
import { ShellCountsProvider } from "~/components/shell/shell-counts";

// The signed-in shell around every protected page; visitors go to /auth and come back.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Back from paying, on the page the upgrade started from: whether Premium is on yet.
  const paid = new URL(request.url).searchParams.get("checkout") === "success";
  const [premium, cartIds, unread] = await Promise.all([
    paid ? currentSubscriptionOf(user.id).then((subscription) => subscription !== null) : false,
    cartListingIds(user.id),
    unreadCount(user.id),
  ]);
  return { user: toPublicUser(user), premium, cartIds, unread };
}

export default function AppLayout() {
  const { user, premium, cartIds, unread } = useLoaderData<typeof loader>();
  return (
    <ShellCountsProvider cartIds={cartIds} unread={unread}>
      <AppShell user={user}>
        <CheckoutReturnNotice premium={premium} />
        <Outlet />
      </AppShell>
    </ShellCountsProvider>
  );
}

export const ErrorBoundary = pageErrorBoundary("AppLayout");
