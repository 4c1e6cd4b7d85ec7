import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { AppShell } from "~/components/shell/app-shell";
import { toPublicUser } from "~/modules/auth/session.server";
import { requireUser } from "~/modules/auth/gates.server";

// The signed-in shell around every protected page; visitors go to /auth and come back.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: toPublicUser(user) };
}

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}

export const ErrorBoundary = pageErrorBoundary("AppLayout");
