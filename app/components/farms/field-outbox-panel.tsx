import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { FieldChange } from "./field-outbox";

// What was drawn or walked without signal: each boundary or plot with its state (waiting, being
// sent, sent, refused with the server's reason). A waiting or refused one can be deleted.

const STATE_CLASS: Record<FieldChange["state"], string> = {
  waiting: "text-earth-700 dark:text-earth-400",
  sending: "text-brand-800 dark:text-brand-300",
  sent: "text-brand-800 dark:text-brand-300",
  refused: "text-red-700 dark:text-red-400",
};

export function FieldOutboxPanel({
  changes,
  locale,
  onDrop,
}: {
  changes: FieldChange[];
  locale: LanguageCode;
  onDrop(id: string): void;
}) {
  const { t } = useTranslation();
  const waiting = changes.filter((change) => change.state === "waiting" || change.state === "sending").length;
  return (
    <Card data-field-outbox="">
      <CardHeader>
        <CardTitle>{t("mapping.outbox.title")}</CardTitle>
        <p className="text-xs text-gray-600 dark:text-gray-400" aria-live="polite">
          {waiting > 0 ? t("mapping.outbox.waitingCount", { count: waiting }) : t("mapping.outbox.allDone")}
        </p>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2 text-sm">
          {changes.map((change) => (
            <li
              key={change.id}
              data-field-change={change.state}
              className="flex items-start justify-between gap-2 rounded-lg border border-gray-200 px-3 py-2 dark:border-gray-700"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {change.kind === "boundary"
                    ? t("mapping.outbox.boundaryOf", { farm: change.farmName })
                    : t("mapping.outbox.plotOn", { plot: change.name, farm: change.farmName })}
                </p>
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  {t("mapping.outbox.madeAt", { time: formatDate(change.madeAt, locale, "medium-time") })}
                </p>
                <p className={`font-medium ${STATE_CLASS[change.state]}`}>
                  {t(`mapping.outbox.states.${change.state}`)}
                </p>
                {change.reason ? <p className="text-red-700 dark:text-red-400">{change.reason}</p> : null}
              </div>
              {change.state === "waiting" || change.state === "refused" ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onDrop(change.id)}
                  aria-label={t("mapping.outbox.delete")}
                  className="shrink-0"
                >
                  <Icon name="trash" className="h-4 w-4" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
