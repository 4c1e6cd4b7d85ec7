import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { ModerationPage } from "~/components/moderation/moderation-page";
import { recordId } from "~/lib/text";
import { requireUser } from "~/modules/auth/gates.server";
import { isAdministrator } from "~/modules/auth/roles";
import { liftSuspension, openReports, resolveReport, suspendedSellers } from "~/modules/moderation/moderation.server";
import { isModerationIntent, resolveSchema, tradeResolveSchema, unsuspendSchema } from "~/modules/moderation/schemas";
import { openTradeReports, resolveTradeReport } from "~/modules/moderation/trade-reports.server";
import { ignoredPaymentEvents } from "~/modules/payments/ignored-events.server";
import { readPageForm } from "~/server/http/page-form.server";
import { answerIntent, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { validate, validateValue } from "~/server/validation";

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

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readPageForm(request);
  const intent = form.get("intent");
  if (!isModerationIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  return answerIntent(request, intent, async () => {
    if (intent === "resolve") {
      const reportId = validateValue(recordId("moderation.errors.reportNotFound"), form.get("reportId"));
      const input = validate(resolveSchema, { action: form.get("action"), note: form.get("note") ?? undefined });
      const { action } = await resolveReport(user, reportId, input);
      return pageSuccess(intent, { data: { kind: action.kind } });
    }
    if (intent === "trade") {
      const reportId = validateValue(recordId("moderation.errors.reportNotFound"), form.get("reportId"));
      const input = validate(tradeResolveSchema, { action: form.get("action"), note: form.get("note") || undefined });
      const { action } = await resolveTradeReport(user, reportId, input);
      return pageSuccess(intent, { data: { kind: action } });
    }
    const userId = validateValue(recordId("moderation.errors.userNotFound"), form.get("userId"));
    const { action } = await liftSuspension(
      user,
      userId,
      validate(unsuspendSchema, { note: form.get("note") ?? undefined }),
    );
    return pageSuccess(intent, { data: { kind: action.kind } });
  });
}

export default function Moderation() {
  const data = useLoaderData<typeof loader>();
  return <ModerationPage {...data} />;
}

/** 'The reports could not be loaded. Please try again.' with a Try Again. */
export const ErrorBoundary = loadErrorBoundary("ModerationPage", "moderation.loadError");
