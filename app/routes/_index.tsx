import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { LandingPage } from "~/components/landing/landing-page";
import { AppShell } from "~/components/shell/app-shell";
import { getSessionUser, toPublicUser } from "~/modules/auth/session.server";
import { getDashboard } from "~/modules/dashboard/dashboard.server";
import { detectLanguage } from "~/server/i18n.server";
import type { PageHandle } from "~/components/shell/hydration";
import { pageTexts } from "~/locales/page-texts";
import landingTexts from "~/locales/page-texts/landing";
import dashboardTexts from "~/locales/page-texts/dashboard";

// '/': the dashboard for a signed-in user, the landing page for a visitor.
// Public: a visitor gets the landing page, a signed-in user the dashboard.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) return { signedIn: false as const };
  return {
    signedIn: true as const,
    user: toPublicUser(user),
    locale: detectLanguage(request),
    ...(await getDashboard(user)),
  };
}

// The landing page is plain HTML and forms: a visitor's phone fetches no app code until they sign in.
export const handle: PageHandle = {
  texts: pageTexts(landingTexts, dashboardTexts),
  hydrate: (data) => (data as { signedIn?: boolean } | undefined)?.signedIn !== false,
};

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <LandingPage />;
  return (
    <AppShell user={data.user}>
      <DashboardPage
        firstName={data.user.firstName}
        newcomer={data.newcomer}
        locale={data.locale}
        stats={data.stats}
        activity={data.activity}
        reminder={data.reminder}
      />
    </AppShell>
  );
}

export const ErrorBoundary = pageErrorBoundary("HomePage");
