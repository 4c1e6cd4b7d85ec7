import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppShell } from "~/components/shell/app-shell";
import { PublicHeader } from "~/components/shell/public-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { isAdministrator } from "~/modules/auth/roles";
import { getSessionUser, toPublicUser } from "~/modules/auth/session.server";

export const meta: MetaFunction = () => [{ title: "Asiiko" }, { name: "robots", content: "noindex" }];

// The queue dashboard's refusal, as a page of the product. The dashboard itself (bull-board,
// mounted in server.ts) lets in a signed-in administrator and operators with ADMIN_TOKEN; a browser
// it refuses comes here (scripts and API clients get the catalogue's JSON there instead).
// Public: it only says who may see the dashboard: 403 in the shell for a signed-in user, 401 to a
// visitor, with a way to sign in and come back.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  // An administrator is let into the dashboard before this page; a path it does not have is not found.
  if (user && isAdministrator(user)) throw new Response("Not Found", { status: 404 });
  // The dashboard's own refusal (a wrong token is 403 even without an account), else who is asking.
  const status = context.queueDashboardRefused ?? (user ? 403 : 401);
  return data({ user: user ? toPublicUser(user) : null }, { status, headers: { "Cache-Control": "no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

function Refusal({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Card role="alert" data-queues-refused="" className="mx-auto flex w-full max-w-md flex-col gap-4 p-6">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-earth-100 text-earth-800 dark:bg-earth-800 dark:text-earth-100">
        <Icon name="alert" />
      </span>
      <h1 className="text-xl font-bold">{t("queues.title")}</h1>
      <p className="text-gray-700 dark:text-gray-300">{t("queues.who")}</p>
      <p className="text-sm text-gray-600 dark:text-gray-400">{signedIn ? t("queues.notAdmin") : t("queues.signIn")}</p>
      <Button asChild className="self-start">
        {signedIn ? (
          <Link to="/dashboard">{t("notFound.home")}</Link>
        ) : (
          <Link to={`/auth?redirectTo=${encodeURIComponent("/admin/queues")}`}>{t("nav.signIn")}</Link>
        )}
      </Button>
    </Card>
  );
}

export default function QueuesRefused() {
  const { user } = useLoaderData<typeof loader>();
  if (user)
    return (
      <AppShell user={user}>
        <Refusal signedIn />
      </AppShell>
    );
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50 dark:bg-gray-950">
      <PublicHeader />
      <main className="flex flex-1 items-start justify-center px-4 py-10">
        <Refusal signedIn={false} />
      </main>
    </div>
  );
}
