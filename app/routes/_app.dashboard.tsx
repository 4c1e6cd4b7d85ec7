import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { requireUser } from "~/modules/auth/gates.server";
import { getDashboard } from "~/modules/dashboard/dashboard.server";
import { detectLanguage } from "~/server/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { firstName: user.firstName, locale: detectLanguage(request), ...(await getDashboard(user)) };
}

export default function Dashboard() {
  return <DashboardPage {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = pageErrorBoundary("DashboardPage");
