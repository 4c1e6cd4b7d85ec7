import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MAPPING_LIMITS } from "~/modules/farms/constants";

// Right after a plot is drawn and saved: a field holding its name ('Plot 26 Nov
// 10:15'), focused and selected, so the farmer can type a better one at once.
// Saving sends the page's updatePlot intent (the plot update every edit uses).

export interface DrawnPlot {
  farmId: string;
  id: string;
  name: string;
  type: string;
  crops: string[];
}

export function RenamePlotField({
  plot,
  saving,
  onSave,
  onDismiss,
}: {
  plot: DrawnPlot;
  saving: boolean;
  onSave(name: string): void;
  onDismiss(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(plot.name);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [plot.id]);
  const trimmed = name.trim();
  return (
    <form
      data-rename-plot=""
      className="flex flex-col gap-2 rounded-xl border border-brand-300 bg-brand-50 p-3 dark:border-brand-800 dark:bg-brand-950/40"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed === "" || saving) return;
        if (trimmed === plot.name) onDismiss();
        else onSave(trimmed);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDismiss();
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        {t("mapping.plots.renameLabel")}
      </label>
      <Input
        ref={input}
        id={id}
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={MAPPING_LIMITS.plotNameMaxLength}
        autoComplete="off"
        enterKeyHint="done"
        required
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={saving || trimmed === ""}>
          {t("mapping.plots.renameSave")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDismiss}>
          {t("mapping.plots.renameKeep")}
        </Button>
      </div>
    </form>
  );
}
