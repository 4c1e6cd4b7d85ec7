// Placeholder until the local-name groups land (same exports).
export interface LocalNameGroup {
  canonical: string;
  names: readonly string[];
  oneWay?: readonly string[];
}
export const LOCAL_NAME_GROUPS: readonly LocalNameGroup[] = [];
export function normaliseTerm(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
export function expandTerm(word: string): string[] {
  return [normaliseTerm(word)];
}
export function meilisearchSynonyms(): Record<string, string[]> {
  return {};
}
