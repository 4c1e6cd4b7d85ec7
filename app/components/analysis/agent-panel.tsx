import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { AI_MODELS, type AiModel } from "~/modules/analysis/kinds";
import { Icon } from "~/components/ui/icons";
import { AGENT_NAMES } from "./labels";

// The agent panel: which assistant to ask (OpenAI by default). The chosen one
// reads 'Active', the others 'Standby'. Honest about what answers: when the
// chosen assistant has no key on this server, the built-in photo screening does.

const MONOGRAMS: Record<AiModel, string> = { openai: "O", claude: "C", gemini: "G" };

export function AgentPanel({
  selected,
  onSelect,
  models,
  disabled = false,
}: {
  selected: AiModel;
  onSelect: (model: AiModel) => void;
  /** Which assistants are connected (have a key) on this server. */
  models: Record<AiModel, boolean>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <fieldset className="flex min-w-0 flex-col gap-3" disabled={disabled}>
        <legend className="mb-3 flex flex-col gap-0.5">
          <span className="text-lg font-semibold leading-tight">{t("asiiko.agents.title")}</span>
          <span className="text-sm text-gray-600 dark:text-gray-400">{t("asiiko.agents.text")}</span>
        </legend>
        <div className="grid grid-cols-3 gap-2">
          {AI_MODELS.map((model) => {
            const active = model === selected;
            return (
              <label
                key={model}
                data-agent={model}
                className={cn(
                  "flex min-h-12 cursor-pointer flex-col items-center gap-1.5 rounded-xl border p-2 text-center transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 md:flex-row md:gap-3 md:p-3 md:text-left",
                  active
                    ? "border-brand-600 bg-brand-50 dark:border-brand-500 dark:bg-brand-950"
                    : "border-gray-200 bg-white hover:border-gray-300 dark:border-gray-700 dark:bg-gray-900 dark:hover:border-gray-600",
                )}
              >
                <input
                  type="radio"
                  name="asiiko-agent"
                  value={model}
                  checked={active}
                  onChange={() => onSelect(model)}
                  className="sr-only"
                />
                <span
                  aria-hidden="true"
                  className={cn(
                    "inline-flex h-9 w-9 flex-none items-center justify-center rounded-full text-sm font-bold",
                    active
                      ? "bg-brand-600 text-white"
                      : "bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200",
                  )}
                >
                  {MONOGRAMS[model]}
                </span>
                <span className="min-w-0 text-sm font-semibold md:flex-1">{AGENT_NAMES[model]}</span>
                <span
                  className={cn(
                    "inline-flex max-w-full items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium",
                    active
                      ? "bg-brand-600 text-white dark:bg-brand-500 dark:text-gray-950"
                      : "bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300",
                  )}
                >
                  {/* The dot is left out on phones, where the badge must fit a third of the width in every language. */}
                  {active ? (
                    <span
                      aria-hidden="true"
                      className="hidden h-1.5 w-1.5 flex-none rounded-full bg-current sm:inline-block"
                    />
                  ) : null}
                  {active ? t("asiiko.agents.active") : t("asiiko.agents.standby")}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {models[selected] ? null : (
        <p
          data-agent-note=""
          className="flex gap-2 rounded-xl bg-earth-50 p-3 text-sm text-earth-800 dark:bg-gray-800 dark:text-earth-100"
        >
          <Icon name="info" className="mt-0.5 h-4 w-4 flex-none" />
          <span>{t("asiiko.agents.notConnected", { name: AGENT_NAMES[selected] })}</span>
        </p>
      )}
    </Card>
  );
}
