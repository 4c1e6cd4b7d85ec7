import type { AiModel, Analyzer } from "../types";
import type { ProviderConfig } from "./analyzer";
import { createClaudeAnalyzer } from "./claude.server";
import { createGeminiAnalyzer } from "./gemini.server";
import { createOpenAiAnalyzer } from "./openai.server";

// The three AI providers of Asiiko AI, each an Analyzer over its official SDK.

export type { ProviderConfig } from "./analyzer";
export { PROVIDER_LABELS } from "./failures";
export { createClaudeAnalyzer, createGeminiAnalyzer, createOpenAiAnalyzer };

const FACTORIES: Record<AiModel, (config: ProviderConfig) => Analyzer> = {
  openai: createOpenAiAnalyzer,
  claude: createClaudeAnalyzer,
  gemini: createGeminiAnalyzer,
};

/** The analyzer of the chosen model, configured with its key, address, model name and time-out. */
export function providerFor(model: AiModel, config: ProviderConfig): Analyzer {
  return FACTORIES[model](config);
}
