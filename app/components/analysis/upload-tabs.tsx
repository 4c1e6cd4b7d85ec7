import { useId, useRef, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { TabList, tabLabelClass, tabPanelProps } from "~/components/ui/tabs";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import { ANALYSIS_TYPES, type AnalysisType } from "~/modules/analysis/kinds";
import { TYPE_LABELS } from "./labels";

// The upload tabs Crop Health, Livestock and Medicine Plants: each an optional
// name of what the photo shows, Choose File and Take Photo (the camera), and
// the red box that says why the last analysis from this tab failed.

/** The most the farmer may type for the crop, animal or plant. */
export const CONTEXT_MAX = 100;

const TAB_ICONS: Record<AnalysisType, { name: IconName } | { own: IconName }> = {
  crop_health: { name: "leaf" },
  livestock: { own: "paw" },
  traditional_medicine: { own: "sprout" },
};

function TabIcon({ type }: { type: AnalysisType }) {
  const icon = TAB_ICONS[type];
  return "own" in icon ? (
    <Icon name={icon.own} className="h-5 w-5 flex-none" />
  ) : (
    <Icon name={icon.name} className="h-5 w-5 flex-none" />
  );
}

export interface UploadTabsProps {
  tab: AnalysisType;
  onTabChange: (tab: AnalysisType) => void;
  context: Record<AnalysisType, string>;
  onContextChange: (tab: AnalysisType, value: string) => void;
  /** A photo was chosen on a tab (the input is cleared at once, so the same photo can be chosen again). */
  onFile: (tab: AnalysisType, file: File) => void;
  /** Why the last analysis of a tab failed. */
  failure: { analysisType: AnalysisType; text: string } | null;
  /** Choose File and Take Photo act only when the farmer has access and nothing else is being analysed. */
  canUse: boolean;
  busy: boolean;
  /** A line under the buttons (e.g. that the first analysis uses the free trial). */
  note?: string | null;
}

function TabPanel({ type, props }: { type: AnalysisType; props: UploadTabsProps }) {
  const { t } = useTranslation();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const disabled = !props.canUse || props.busy;
  const failure = props.failure?.analysisType === type ? props.failure.text : null;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared whatever happens next, so choosing the same photo again is seen as a new choice.
    event.target.value = "";
    if (file && props.canUse && !props.busy) props.onFile(type, file);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-context`}>
          {t(`asiiko.context.${type}.label`)}{" "}
          <span className="font-normal text-gray-600 dark:text-gray-400">({t("common.optional")})</span>
        </Label>
        <Input
          id={`${id}-context`}
          value={props.context[type]}
          onChange={(event) => props.onContextChange(type, event.target.value)}
          placeholder={t(`asiiko.context.${type}.placeholder`)}
          maxLength={CONTEXT_MAX}
          autoComplete="off"
          enterKeyHint="done"
        />
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t(`asiiko.hints.${type}`)}</p>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-input="file"
          onChange={onChange}
          disabled={disabled}
        />
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-input="camera"
          onChange={onChange}
          disabled={disabled}
        />
        <Button type="button" size="lg" onClick={() => fileInput.current?.click()} disabled={disabled}>
          <Icon name="upload" />
          {t("asiiko.chooseFile")}
        </Button>
        <Button
          type="button"
          size="lg"
          variant="outline"
          onClick={() => cameraInput.current?.click()}
          disabled={disabled}
        >
          <Icon name="camera" />
          {t("asiiko.takePhoto")}
        </Button>
      </div>
      {props.note ? <p className="text-sm text-gray-600 dark:text-gray-400">{props.note}</p> : null}
      {failure ? (
        <p
          role="alert"
          data-failure=""
          className="flex gap-2 break-words rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <Icon name="alert" className="mt-0.5 h-4 w-4 flex-none" />
          <span className="min-w-0">{failure}</span>
        </p>
      ) : null}
    </div>
  );
}

export function UploadTabs(props: UploadTabsProps) {
  const { t } = useTranslation();
  return (
    <Card className="p-4 sm:p-5">
      {/* Columns as wide as their labels, not thirds: a label of two words ('Medicine Plants',
          'Tsirran Magani') keeps its line and a longer one ('Lafiyar Amfanin Gona') wraps. */}
      <TabList
        id="analysis"
        label={t("asiiko.tabsLabel")}
        items={ANALYSIS_TYPES.map((type) => {
          const label = t(TYPE_LABELS[type]);
          return {
            value: type,
            label: (
              <>
                <TabIcon type={type} />
                <span className={cn("text-center", tabLabelClass(label))}>{label}</span>
              </>
            ),
          };
        })}
        value={props.tab}
        onChange={props.onTabChange}
        className="mb-5 grid grid-cols-[repeat(3,auto)] gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800"
        tabClassName="flex min-h-12 flex-col items-center justify-center gap-1 rounded-lg px-1 py-1.5 text-xs font-semibold leading-tight text-gray-700 aria-selected:bg-white aria-selected:text-brand-800 aria-selected:shadow-sm sm:flex-row sm:gap-2 sm:text-sm dark:text-gray-300 dark:aria-selected:bg-gray-950 dark:aria-selected:text-brand-300"
      />
      {/* Only the chosen tab's panel is in the page: switching tabs starts it afresh. */}
      <div key={props.tab} {...tabPanelProps("analysis", props.tab, true)}>
        <TabPanel type={props.tab} props={props} />
      </div>
    </Card>
  );
}
