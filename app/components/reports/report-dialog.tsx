import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { ApiError } from "~/lib/http/errors";
import { apiRequest } from "~/lib/http/request";
import { isStorableText, textLength } from "~/lib/text";
import { toast } from "~/lib/toast-store";
import { MODERATION_NOTE_MAX, REPORT_REASONS, type ReportReason } from "~/modules/moderation/constants";
import { Textarea } from "~/components/ui/textarea";

// "Report" on a listing (its details in the marketplace, a seller's page): a button that opens
// the reasons and an optional note, sent to POST /api/market/listings/{id}/reports. Self-contained:
// it needs only the listing's id, or, on a seller's page, their listings to choose from. The
// seller is never told who reported.

/** What went wrong, in the reader's words: one open report each, not one's own, not too many. */
function failureKey(error: unknown) {
  if (error instanceof ApiError) {
    if (error.code === "DB_DUPLICATE_ENTRY") return "reports.errors.alreadyReported";
    if (error.code === "AUTHZ_INSUFFICIENT_PERMISSIONS") return "reports.errors.ownListing";
    if (error.code === "DB_RECORD_NOT_FOUND") return "reports.errors.gone";
    if (error.status === 429) return "errors.rateLimited";
  }
  return "reports.errors.failed";
}

export function ReportDialog({
  listingId,
  choices,
  className,
}: {
  /** The listing reported; or, with `choices`, none yet: the reader picks one of them. */
  listingId: string | null;
  choices?: { id: string; name: string }[];
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<{ listing?: string; reason?: string; note?: string; form?: string }>({});

  function openDialog() {
    setErrors({});
    setOpen(true);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = choices ? String(form.get("listing") ?? "") : listingId;
    const reason = form.get("reason");
    const note = String(form.get("note") ?? "").trim();
    const problems: typeof errors = {};
    if (!chosen || (choices && !choices.some((choice) => choice.id === chosen)))
      problems.listing = t("reports.errors.whichListing");
    if (!REPORT_REASONS.includes(reason as ReportReason)) problems.reason = t("reports.errors.reason");
    if (!isStorableText(note)) problems.note = t("errors.invalidText");
    else if (textLength(note.normalize("NFC")) > MODERATION_NOTE_MAX)
      problems.note = t("moderation.errors.noteTooLong");
    setErrors(problems);
    if (problems.listing || problems.reason || problems.note) return;
    setPending(true);
    try {
      await apiRequest("POST", `/api/market/listings/${encodeURIComponent(chosen!)}/reports`, {
        reason,
        ...(note ? { note } : {}),
      });
      setOpen(false);
      toast({ title: t("reports.sent"), description: t("reports.sentText") });
    } catch (error) {
      setErrors({ form: t(failureKey(error)) });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        onClick={openDialog}
        className={cn("text-gray-600 dark:text-gray-400", className)}
        data-testid="report-listing"
      >
        <Icon name="alert" className="h-4 w-4" />
        {t("reports.button")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t("reports.title")} description={t("reports.text")}>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate data-testid="report-form">
          {errors.form ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
            >
              {errors.form}
            </p>
          ) : null}
          {choices ? (
            <Field
              id={`${id}-listing`}
              label={t("reports.whichListing")}
              errors={errors.listing ? [errors.listing] : undefined}
            >
              <select
                id={`${id}-listing`}
                name="listing"
                defaultValue=""
                aria-invalid={errors.listing ? true : undefined}
                className="min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
              >
                <option value="" disabled>
                  {t("reports.chooseListing")}
                </option>
                {choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          <fieldset
            className="flex flex-col gap-2"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          >
            <legend className="mb-2 text-sm font-medium">{t("reports.reason")}</legend>
            {REPORT_REASONS.map((reason) => (
              <label
                key={reason}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-gray-700 dark:has-[:checked]:bg-brand-950"
              >
                <input type="radio" name="reason" value={reason} className="h-4 w-4 flex-none accent-brand-600" />
                <span>{t(`reports.reasons.${reason}`)}</span>
              </label>
            ))}
            {errors.reason ? (
              <p id={`${id}-reason-error`} className="text-sm text-red-600 dark:text-red-400">
                {errors.reason}
              </p>
            ) : null}
          </fieldset>
          <Field
            id={`${id}-note`}
            label={`${t("reports.note")} (${t("common.optional")})`}
            errors={errors.note ? [errors.note] : undefined}
          >
            <Textarea
              id={`${id}-note`}
              name="note"
              rows={3}
              maxLength={MODERATION_NOTE_MAX}
              placeholder={t("reports.notePlaceholder")}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {t("reports.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? t("reports.sending") : t("reports.send")}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
