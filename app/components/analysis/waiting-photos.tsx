import { useTranslation } from "react-i18next";
import { BlobImage } from "~/components/ui/blob-image";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { WaitingAnalysis } from "./analysis-outbox";
import { TYPE_LABELS } from "./labels";

// Photos kept on the phone until there is signal: each with its thumbnail, its tab, when it was
// taken and its state (waiting, being sent, refused with the server's reason); a waiting or
// refused one can be deleted.

export function WaitingPhotos({
  waiting,
  locale,
  onDrop,
}: {
  waiting: WaitingAnalysis[];
  locale: LanguageCode;
  onDrop(id: string): void;
}) {
  const { t } = useTranslation();
  if (waiting.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-waiting-photos="">
      <div>
        <h2 className="font-semibold">{t("asiiko.waiting.title")}</h2>
        <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
          {t("asiiko.waiting.count", { count: waiting.filter((each) => each.state !== "refused").length })}
        </p>
      </div>
      <ul className="flex flex-col gap-2">
        {waiting.map((photo) => (
          <li key={photo.id} className="flex items-start gap-3" data-waiting-photo={photo.state}>
            <BlobImage image={photo.image} className="h-14 w-14 flex-none rounded-lg object-cover" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">{t(TYPE_LABELS[photo.analysisType])}</p>
              <p className="text-gray-600 dark:text-gray-400">
                {t("asiiko.waiting.takenAt", { time: formatDate(photo.madeAt, locale, "medium-time") })}
              </p>
              <p
                className={
                  photo.state === "refused"
                    ? "font-medium text-red-700 dark:text-red-400"
                    : "font-medium text-earth-700 dark:text-earth-400"
                }
              >
                {t(`asiiko.waiting.states.${photo.state}`)}
              </p>
              {photo.reason ? <p className="text-red-700 dark:text-red-400">{photo.reason}</p> : null}
            </div>
            {photo.state !== "sending" ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onDrop(photo.id)}
                aria-label={t("asiiko.waiting.delete")}
              >
                <Icon name="trash" className="h-4 w-4" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
