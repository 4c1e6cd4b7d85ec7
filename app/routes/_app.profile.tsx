import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { PageHeader } from "~/components/shell/page-header";
import { Card } from "~/components/ui/card";
import { requireUser, toPublicUser } from "~/modules/auth/session.server";
import { detectLanguage } from "~/modules/i18n/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: toPublicUser(user), locale: detectLanguage(request) };
}

export default function ProfilePage() {
  const { user, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const since = new Intl.DateTimeFormat(locale === "en" ? "en-NG" : locale, { dateStyle: "long" }).format(new Date(user.createdAt));
  const rows: [string, string][] = [
    [t("auth.firstName"), user.firstName],
    [t("auth.lastName"), user.lastName],
    [t("auth.username"), user.username],
    [t("auth.email"), user.email ?? "-"],
  ];
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("pages.profileTitle")} subtitle={t("pages.profileText")} />
      <Card className="p-5">
        <div className="mb-4 flex items-center gap-4">
          <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white">
            {user.firstName.slice(0, 1).toUpperCase()}
          </span>
          <div>
            <p className="text-lg font-semibold">
              {user.firstName} {user.lastName}
            </p>
            <p className="text-sm text-gray-500">
              {user.isAdmin ? t("nav.roleAdmin") : t("nav.roleFarmer")} · {t("pages.memberSince", { date: since })}
            </p>
          </div>
        </div>
        <dl className="divide-y divide-gray-100 dark:divide-gray-800">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-3">
              <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

export const ErrorBoundary = pageErrorBoundary("ProfilePage");
