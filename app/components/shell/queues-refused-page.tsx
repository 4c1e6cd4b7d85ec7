import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppShell } from "~/components/shell/app-shell";
import { PublicHeader } from "~/components/shell/public-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import type { PublicUser } from "~/modules/auth/users.server";

// /admin/queues refused in the browser: who the queue dashboard is for, and a way on (sign in, or
// back to the dashboard), inside the app's shell for a signed-in reader.

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

export function QueuesRefusedPage({ user }: { user: PublicUser | null }) {
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
