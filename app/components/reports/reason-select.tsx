import { useTranslation } from "react-i18next";
import { REPORT_REASONS } from "~/modules/moderation/constants";

// The reasons of a report as a compact labelled select: under a message of an order's thread, or a
// review on a seller's page (a listing's report has its own dialog with the same reasons).

export function ReportReasonSelect({
  value,
  onChange,
}: {
  /** Controlled (with onChange), or a plain form field named `reason`. */
  value?: string;
  onChange?: (reason: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex flex-col gap-1 text-xs">
      {t("reports.reason")}
      <select
        name="reason"
        {...(onChange ? { value, onChange: (event) => onChange(event.target.value) } : {})}
        className="min-h-11 rounded-lg border border-gray-300 bg-white px-2 text-sm dark:border-gray-700 dark:bg-gray-900"
      >
        {REPORT_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {t(`reports.reasons.${reason}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
