import { getEnv } from "~/env.server";
import { analyzeWithBuiltin } from "./builtin";
import { providerFor } from "./providers";
import { AI_MODELS, type AiModel, type Analyzer, type Answerer } from "./types";

// Which analyzer answers: the farmer's preferred provider when it has a key,
// otherwise the next provider that has one, otherwise the built-in photo
// screening (the default of a machine with no accounts), and the answer says which.

function providerConfig(model: AiModel) {
  const env = getEnv();
  const timeoutMs = env.AI_CALL_TIMEOUT_SECONDS * 1000;
  switch (model) {
    case "openai":
      return env.OPENAI_API_KEY
        ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL, timeoutMs }
        : null;
    case "claude":
      return env.ANTHROPIC_API_KEY
        ? { apiKey: env.ANTHROPIC_API_KEY, baseUrl: env.ANTHROPIC_BASE_URL, model: env.ANTHROPIC_MODEL, timeoutMs }
        : null;
    case "gemini":
      return env.GEMINI_API_KEY
        ? { apiKey: env.GEMINI_API_KEY, baseUrl: env.GEMINI_BASE_URL, model: env.GEMINI_MODEL, timeoutMs }
        : null;
  }
}

/** Which providers have a key here (the page's agent panel says so). */
export function configuredModels(): Record<AiModel, boolean> {
  return {
    openai: providerConfig("openai") !== null,
    claude: providerConfig("claude") !== null,
    gemini: providerConfig("gemini") !== null,
  };
}

export function chooseAnalyzer(preferred: AiModel): { answeredBy: Answerer; analyzer: Analyzer } {
  for (const model of [preferred, ...AI_MODELS.filter((other) => other !== preferred)]) {
    const config = providerConfig(model);
    if (config) return { answeredBy: model, analyzer: providerFor(model, config) };
  }
  return { answeredBy: "builtin", analyzer: analyzeWithBuiltin };
}
