import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { ModerationPage } from "~/components/moderation/moderation-page";
import { recordId } from "~/lib/text";
import { requireUser } from "~/modules/auth/gates.server";
import { isAdministrator } from "~/modules/auth/roles";
import { liftSuspension, openReports, resolveReport, suspendedSellers } from "~/modules/moderation/moderation.server";
import { resolveSchema, tradeResolveSchema, unsuspendSchema } from "~/modules/moderation/schemas";
import { openTradeReports, resolveTradeReport } from "~/modules/moderation/trade-reports.server";
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

export default function Moderation() {
  const data = useLoaderData<typeof loader>();
  return <ModerationPage {...data} />;
}

/** 'The reports could not be loaded. Please try again.' with a Try Again. */
export const ErrorBoundary = loadErrorBoundary("ModerationPage", "moderation.loadError");
