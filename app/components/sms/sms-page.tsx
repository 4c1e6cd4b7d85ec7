import { Link, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/shell/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { formatDate } from "~/lib/dates";
import type { smsLog } from "~/modules/sms/sms.server";
import type { demoInboxFor } from "~/modules/sms/demo.server";
import type { LanguageCode } from "~/lib/i18n";

// The SMS page: in a demo with no SMS provider, the demo inbox of every text the product would
// have sent (codes included); otherwise administrators' log of texts sent (masked numbers, what
// became of each, what they cost, never their words); anyone else is told it is for administrators.

type InboxData = { mode: "inbox"; messages: Awaited<ReturnType<typeof demoInboxFor>> };
type LogData = { mode: "log" } & Awaited<ReturnType<typeof smsLog>>;

export type SmsPageProps = { locale: LanguageCode } & (InboxData | LogData | { mode: "denied" } | { mode: "none" });

function Inbox({ data }: { data: InboxData & { locale: LanguageCode } }) {
  const { t } = useTranslation();
  if (data.messages.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">{t("sms.empty")}</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="sms-inbox">
      {data.messages.map((message) => (
        <li key={message.id}>
          <Card>
            <CardContent className="flex flex-col gap-1 p-4">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-gray-600 dark:text-gray-400">
                <span>
                  {t("sms.to")} <span className="font-mono font-semibold">{message.to}</span>
                </span>
                <time dateTime={message.createdAt}>{formatDate(message.createdAt, data.locale, "medium-time")}</time>
              </p>
              <p className="break-words text-base" data-testid="sms-body">
                {message.body}
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Log({ data }: { data: LogData & { locale: LanguageCode } }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="flex flex-wrap gap-x-6 gap-y-2 p-4 text-sm">
          {data.spent.length === 0 ? <span>{t("sms.nothingSpent")}</span> : null}
          {data.spent.map((row) => (
            <span key={row.currency}>
              {t("sms.spent", { count: row.count, amount: `${row.currency} ${row.amount}` })}
            </span>
          ))}
          <span>{t("sms.failedCount", { count: data.failed })}</span>
        </CardContent>
      </Card>
      {data.messages.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("sms.emptyLog")}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="sms-log">
          {data.messages.map((message) => (
            <li
              key={message.id}
              className="flex flex-col gap-1 rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-700"
            >
              <p className="flex flex-wrap justify-between gap-x-3">
                <span className="font-mono">{message.to}</span>
                <time dateTime={message.createdAt}>{formatDate(message.createdAt, data.locale, "medium-time")}</time>
              </p>
              <p className="flex flex-wrap gap-x-4 text-gray-700 dark:text-gray-300">
                <span>{t(`sms.status.${message.status}`)}</span>
                {message.providerStatus ? <span>{message.providerStatus}</span> : null}
                <span>{t("sms.tries", { count: message.attempts })}</span>
                {message.costAmount ? (
                  <span>
                    {message.costCurrency} {message.costAmount}
                  </span>
                ) : null}
              </p>
              {message.error ? (
                <p className="break-words text-xs text-red-700 dark:text-red-300">{message.error}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SmsPage(data: SmsPageProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const inbox = data.mode === "inbox";
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageHeader
        title={t(inbox ? "sms.inboxTitle" : "sms.logTitle")}
        subtitle={t(inbox ? "sms.inboxText" : "sms.logText")}
      />
      {data.mode === "denied" ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {t("sms.denied")}
        </p>
      ) : data.mode === "none" ? (
        <p role="status" className="text-sm">
          {t("sms.unavailable")}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => revalidator.revalidate()}
              disabled={revalidator.state !== "idle"}
            >
              {t("sms.refresh")}
            </Button>
            {inbox ? (
              <Button asChild variant="outline" size="sm">
                <Link to="/profile">{t("sms.backToProfile")}</Link>
              </Button>
            ) : null}
          </div>
          {data.mode === "inbox" ? <Inbox data={data} /> : <Log data={data} />}
        </>
      )}
    </div>
  );
}
