import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { Photo } from "~/components/ui/photo";
import { NativeSelect } from "~/components/ui/select";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { replySucceeded, type PageReply } from "~/lib/page-reply";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useFormatNumber } from "~/lib/numbers";
import { MODERATION_NOTE_MAX, RESOLVE_ACTIONS, type ResolveAction } from "~/modules/moderation/constants";
import type {
  ModerationActionDto,
  ModerationReportDto,
  ReportedListing,
  SuspendedSeller,
} from "~/modules/moderation/moderation.server";
import type { ModerationIntent } from "~/modules/moderation/schemas";
import { Textarea } from "~/components/ui/textarea";

// The moderation page's parts: one reported listing with its seller's history, its open and
// earlier reports and the form that acts on them; the suspended sellers with Lift suspension.

export type ModerationReply = PageReply<ModerationIntent, { kind: string }>;

/**
 * Every moderation form posts through one fetcher: a card that is acted on leaves the page with
 * the answer, so the page (which stays) says how it went, and one action runs at a time.
 */
const MODERATION_FETCHER = "moderation-action";
export const useModerationFetcher = () => useFetcher<ModerationReply>({ key: MODERATION_FETCHER });

/** For the page: a toast for each answer of the moderation forms (done, or why not). */
export function useModerationAnswers() {
  const { t } = useTranslation();
  const fetcher = useModerationFetcher();
  useFetcherAnswer(fetcher, (answer) => {
    if (replySucceeded(answer)) toast({ title: t(`moderation.done.${answer.data?.kind ?? "dismiss"}`) });
    else toast({ title: answer.refusal?.message ?? t("errors.unexpected"), variant: "destructive" });
  });
}

/** "Hide listing by Ada O., 12 Nov 2026": an action, who took it (or that it was automatic) and when. */
function ActionLine({ action, locale }: { action: ModerationActionDto; locale: LanguageCode }) {
  const { t } = useTranslation();
  const when = formatDate(action.createdAt, locale, "medium-time");
  return (
    <div className="text-sm" data-testid="moderation-action">
      <p>
        <span className="font-medium">{t(`moderation.kinds.${action.kind}`)}</span>
        {" · "}
        {action.moderator ? t("moderation.by", { name: action.moderator.name }) : t("moderation.automatic")}
        {" · "}
        <time dateTime={action.createdAt}>{when}</time>
      </p>
      {action.note ? <p className="break-words text-gray-600 dark:text-gray-400">“{action.note}”</p> : null}
    </div>
  );
}

function ReportLine({ report, locale }: { report: ModerationReportDto; locale: LanguageCode }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-900 dark:text-red-100">
          {t(`reports.reasons.${report.reason}`)}
        </span>
        <span>{t("moderation.reportedBy", { name: report.reporter.name })}</span>
        {report.reporter.phoneVerified ? (
          <span className="inline-flex items-center gap-1 text-xs text-brand-700 dark:text-brand-300">
            <Icon name="check" className="h-3.5 w-3.5" />
            {t("moderation.phoneVerified")}
          </span>
        ) : null}
        <time dateTime={report.createdAt} className="text-gray-500">
          {formatDate(report.createdAt, locale, "medium-time")}
        </time>
      </p>
      {report.note ? <p className="break-words text-sm text-gray-700 dark:text-gray-300">“{report.note}”</p> : null}
      {report.status !== "open" ? (
        <div className="mt-1 border-t border-gray-100 pt-2 dark:border-gray-800">
          <p className="text-xs font-semibold uppercase tracking-wide text-gray-500">
            {t(`moderation.statuses.${report.status}`)}
          </p>
          {report.action ? <ActionLine action={report.action} locale={locale} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** What to do with the listing's open reports: the action, its note (required for a hide or a suspension), Apply. */
function ResolveForm({ group }: { group: ReportedListing }) {
  const { t } = useTranslation();
  const id = useId();
  const fetcher = useModerationFetcher();
  const [action, setAction] = useState<ResolveAction>("dismiss");
  const [error, setError] = useState<string | null>(null);
  const pending = fetcher.state !== "idle";
  const mine = pending && fetcher.formData?.get("reportId") === group.reports[0]?.id;
  const reportId = group.reports[0]?.id;
  const noteRequired = action !== "dismiss";

  if (!reportId) return null;
  return (
    <fetcher.Form
      method="post"
      className="flex flex-col gap-3 rounded-xl bg-gray-50 p-3 dark:bg-gray-900"
      data-testid="resolve-form"
      onSubmit={(event) => {
        const note = String(new FormData(event.currentTarget).get("note") ?? "").trim();
        if (noteRequired && !note) {
          event.preventDefault();
          setError(t("moderation.errors.noteRequired"));
        } else setError(null);
      }}
    >
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="reportId" value={reportId} />
      <Field id={`${id}-action`} label={t("moderation.action")}>
        <NativeSelect
          id={`${id}-action`}
          name="action"
          value={action}
          onChange={(event) => setAction(event.target.value as ResolveAction)}
        >
          {RESOLVE_ACTIONS.map((value) => (
            <option
              key={value}
              value={value}
              disabled={value === "suspend_seller" && (group.seller.isAdmin || group.seller.suspended !== null)}
            >
              {t(`moderation.kinds.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        id={`${id}-note`}
        label={noteRequired ? t("moderation.noteRequired") : `${t("moderation.note")} (${t("common.optional")})`}
        errors={error ? [error] : undefined}
      >
        <Textarea id={`${id}-note`} name="note" rows={2} maxLength={MODERATION_NOTE_MAX} />
      </Field>
      <Button type="submit" disabled={pending} variant={action === "dismiss" ? "outline" : "destructive"}>
        {mine ? t("moderation.working") : t(`moderation.apply.${action}`)}
      </Button>
    </fetcher.Form>
  );
}

/** One listing with open reports: the listing, its seller's history, its reports, earlier ones, and the form. */
export function ReportedListingCard({ group, locale }: { group: ReportedListing; locale: LanguageCode }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const titleId = useId();
  const { listing, seller } = group;
  const name = listing.title ?? t("marketplace.agriculturalProduct");
  return (
    <Card
      className="flex min-w-0 flex-col gap-4 p-4"
      role="article"
      aria-labelledby={titleId}
      data-testid="reported-listing"
    >
      <div className="flex gap-3">
        <div className="h-20 w-20 flex-none overflow-hidden rounded-lg bg-gray-100 dark:bg-gray-800">
          {listing.image ? (
            <Photo src={listing.image} alt={name} sizes="80px" className="h-full w-full object-cover" />
          ) : (
            <div className="flex h-full w-full items-center justify-center text-gray-400">
              <Icon name="image" className="h-8 w-8" />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="break-words text-base font-semibold leading-snug">
            {name}
          </h2>
          <p className="font-semibold text-brand-700 dark:text-brand-300">
            {formatNaira(listing.priceNgn)}
            {listing.unit ? (
              <span className="font-normal text-gray-600 dark:text-gray-400"> / {listing.unit}</span>
            ) : null}
          </p>
          <p className="flex flex-wrap gap-x-2 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
            <span>{t(`listing.statuses.${listing.status}`)}</span>
            <span>{t("moderation.openCount", { count: group.reports.length })}</span>
          </p>
          {listing.hidden ? (
            <p
              className="mt-1 inline-flex rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-900 dark:text-red-100"
              data-testid="moderation-hidden"
            >
              {t(`moderation.hidden.${listing.hidden.cause ?? "moderator"}`)}
            </p>
          ) : null}
        </div>
      </div>

      <section className="flex flex-col gap-2 rounded-xl border border-gray-200 p-3 dark:border-gray-800">
        <h3 className="text-sm font-semibold">{t("moderation.seller")}</h3>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{seller.name}</span>
          {seller.suspended ? (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-900 dark:text-red-100">
              {t("moderation.suspended")}
            </span>
          ) : null}
          {seller.isAdmin ? (
            <span className="rounded-full bg-earth-100 px-2 py-0.5 text-xs font-semibold text-earth-800 dark:bg-earth-800 dark:text-earth-100">
              {t("nav.adminBadge")}
            </span>
          ) : null}
        </p>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-gray-500">{t("moderation.memberSince")}</dt>
          <dd>{formatDate(seller.memberSince, locale)}</dd>
          <dt className="text-gray-500">{t("moderation.listings")}</dt>
          <dd>{formatNumber(seller.listings)}</dd>
          <dt className="text-gray-500">{t("moderation.sold")}</dt>
          <dd>{formatNumber(seller.sold)}</dd>
          <dt className="text-gray-500">{t("moderation.earlierReports")}</dt>
          <dd>{formatNumber(seller.earlierReports)}</dd>
        </dl>
        {seller.actions.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">
              {t("moderation.sellerActions", { count: seller.actions.length })}
            </summary>
            <ul className="mt-2 flex flex-col gap-2">
              {seller.actions.map((action) => (
                <li key={action.id}>
                  <ActionLine action={action} locale={locale} />
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t("moderation.openReports")}</h3>
        <ul className="flex flex-col gap-2">
          {group.reports.map((report) => (
            <ReportLine key={report.id} report={report} locale={locale} />
          ))}
        </ul>
      </section>

      {group.earlierReports.length > 0 ? (
        <details className="flex flex-col gap-2">
          <summary className="cursor-pointer text-sm font-semibold">
            {t("moderation.earlierOfListing", { count: group.earlierReports.length })}
          </summary>
          <ul className="mt-2 flex flex-col gap-2">
            {group.earlierReports.map((report) => (
              <ReportLine key={report.id} report={report} locale={locale} />
            ))}
          </ul>
        </details>
      ) : null}

      <ResolveForm group={group} />
    </Card>
  );
}

function LiftButton({ seller }: { seller: SuspendedSeller }) {
  const { t } = useTranslation();
  const fetcher = useModerationFetcher();
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("userId") === seller.id;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="unsuspend" />
      <input type="hidden" name="userId" value={seller.id} />
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
        {mine ? t("moderation.working") : t("moderation.apply.unsuspend")}
      </Button>
    </fetcher.Form>
  );
}

/** The suspended sellers, each with why, since when, by whom, and Lift suspension. */
export function SuspendedSellers({ sellers, locale }: { sellers: SuspendedSeller[]; locale: LanguageCode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="suspended-title" className="flex flex-col gap-3">
      <h2 id="suspended-title" className="text-lg font-semibold">
        {t("moderation.suspendedSellers")}
      </h2>
      {sellers.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("moderation.suspendedEmpty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {sellers.map((seller) => (
            <li key={seller.id}>
              <Card
                className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
                data-testid="suspended-seller"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium">{seller.name}</p>
                  <p className="text-gray-600 dark:text-gray-400">
                    {t("moderation.suspendedSince", { date: formatDate(seller.suspendedAt, locale, "medium-time") })}
                    {seller.action?.moderator ? ` · ${t("moderation.by", { name: seller.action.moderator.name })}` : ""}
                  </p>
                  {seller.reason ? <p className="break-words">“{seller.reason}”</p> : null}
                  <p className="text-gray-600 dark:text-gray-400">
                    {t("moderation.listingsCount", { count: seller.listings })}
                  </p>
                </div>
                <LiftButton seller={seller} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
