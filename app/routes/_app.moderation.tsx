import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { ReportedListingCard, SuspendedSellers, useModerationAnswers } from "~/components/moderation/moderation-panels";
import { PageHeader } from "~/components/shell/page-header";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { recordId } from "~/lib/text";
import { requireUser } from "~/modules/auth/gates.server";
import { isAdministrator } from "~/modules/auth/roles";
import { liftSuspension, openReports, resolveReport, suspendedSellers } from "~/modules/moderation/moderation.server";
import { resolveSchema, tradeResolveSchema, unsuspendSchema } from "~/modules/moderation/schemas";
import { openTradeReports, resolveTradeReport } from "~/modules/moderation/trade-reports.server";
import { TradeReportsPanel } from "~/components/moderation/trade-reports-panel";
import { IgnoredPaymentsPanel } from "~/components/moderation/ignored-payments-panel";
import { ignoredPaymentEvents } from "~/modules/payments/ignored-events.server";
import { intent, pageActions } from "~/server/http/page-actions.server";
import { pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { validateValue } from "~/server/validation";

// Moderation, beside the catalogue under Management: the open reports grouped by listing (newest
// first) with the listing, its seller's history and its earlier reports; dismiss, hide the
// listing or suspend the seller; the suspended sellers, whose suspension can be lifted; and the
// payments that granted nothing (not what Asiiko sold), with why.
// Administrators only: everyone else is told so (403), and the module refuses them whatever
// reaches it.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!isAdministrator(user)) return data({ isAdmin: false as const }, { status: 403 });
  const [reports, suspended, trade, payments] = await Promise.all([
    openReports(user),
    suspendedSellers(user),
    openTradeReports(user),
    ignoredPaymentEvents(user),
  ]);
  return { isAdmin: true as const, ...reports, suspended, trade, payments, locale: detectLanguage(request) };
}

const reportId = (form: FormData) => validateValue(recordId("moderation.errors.reportNotFound"), form.get("reportId"));

// Signed in is enough to ask: the moderation module refuses anyone but an administrator (403), as the form's reply.
export const action = pageActions({
  resolve: intent({
    gate: requireUser,
    input: {
      schema: resolveSchema,
      fields: (form) => ({ action: form.get("action"), note: form.get("note") ?? undefined }),
    },
    run: async ({ user, form, input }) => {
      const { action } = await resolveReport(user, reportId(form), input);
      return pageSuccess("resolve", { data: { kind: action.kind } });
    },
  }),
  trade: intent({
    gate: requireUser,
    input: {
      schema: tradeResolveSchema,
      fields: (form) => ({ action: form.get("action"), note: form.get("note") || undefined }),
    },
    run: async ({ user, form, input }) => {
      const { action } = await resolveTradeReport(user, reportId(form), input);
      return pageSuccess("trade", { data: { kind: action } });
    },
  }),
  unsuspend: intent({
    gate: requireUser,
    input: { schema: unsuspendSchema, fields: (form) => ({ note: form.get("note") ?? undefined }) },
    run: async ({ user, form, input }) => {
      const userId = validateValue(recordId("moderation.errors.userNotFound"), form.get("userId"));
      const { action } = await liftSuspension(user, userId, input);
      return pageSuccess("unsuspend", { data: { kind: action.kind } });
    },
  }),
});

export default function ModerationPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  useModerationAnswers();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("moderation.title")} subtitle={t("moderation.subtitle")} />
      {!loaderData.isAdmin ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {t("moderation.denied")}
        </div>
      ) : (
        <>
          <section aria-labelledby="open-reports-title" className="flex flex-col gap-3">
            <h2 id="open-reports-title" className="text-lg font-semibold">
              {t("moderation.reportedListings", { count: loaderData.total })}
            </h2>
            {loaderData.listings.length === 0 ? (
              <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                  <Icon name="check" className="h-6 w-6" />
                </span>
                <p className="text-gray-600 dark:text-gray-400">{t("moderation.empty")}</p>
              </Card>
            ) : (
              <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                {loaderData.listings.map((group) => (
                  <li key={group.listing.id} className="flex min-w-0">
                    <ReportedListingCard group={group} locale={loaderData.locale} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <TradeReportsPanel
            reports={loaderData.trade.reports}
            total={loaderData.trade.total}
            locale={loaderData.locale}
          />
          <SuspendedSellers sellers={loaderData.suspended} locale={loaderData.locale} />
          <IgnoredPaymentsPanel
            events={loaderData.payments.events}
            total={loaderData.payments.total}
            locale={loaderData.locale}
          />
        </>
      )}
    </div>
  );
}

/** 'The reports could not be loaded. Please try again.' with a Try Again. */
export const ErrorBoundary = loadErrorBoundary("ModerationPage", "moderation.loadError");
