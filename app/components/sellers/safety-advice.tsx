import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";

// Four short lines of advice on a listing's details, in the reader's language, before they
// contact a stranger: meet in public, inspect first, never pay ahead, report what looks wrong.

const LINES = ["meet", "inspect", "noAdvance", "report"] as const;

export function SafetyAdvice() {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="safety-advice-title"
      data-testid="safety-advice"
      className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h3 id="safety-advice-title" className="flex items-center gap-1.5 font-semibold">
        <Icon name="alert" className="h-4 w-4 flex-none" />
        {t("safety.title")}
      </h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {LINES.map((line) => (
          <li key={line}>{t(`safety.${line}`)}</li>
        ))}
      </ul>
    </aside>
  );
}
