import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { requireUser } from "~/modules/auth/gates.server";
import { getDashboard } from "~/modules/dashboard/dashboard.server";
import { detectLanguage } from "~/server/i18n.server";
import type { PageHandle } from "~/components/shell/hydration";
import { pageTexts } from "~/locales/page-texts";
import dashboardTexts from "~/locales/page-texts/dashboard";

// The texts only this page says come with it (app/locales/page-texts.ts).
export const handle: PageHandle = { texts: pageTexts(dashboardTexts) };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { firstName: user.firstName, locale: detectLanguage(request), ...(await getDashboard(user)) };
}

export default function Dashboard() {
  return <DashboardPage {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = pageErrorBoundary("DashboardPage");
