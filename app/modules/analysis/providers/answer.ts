import { analysisResultSchema, type AnalysisResult } from "../types";

// Reading a model's text as the analysis result. JSON modes make a bare object
// the norm, but Claude has no JSON mode and may wrap the object in a ```json
// fence or a sentence, so the object is looked for inside the text too.

const FENCED = /```(?:json)?\s*([\s\S]*?)```/i;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The candidate JSON texts in a model's answer, most likely first. */
function candidates(text: string): string[] {
  const found = [text.trim()];
  const fenced = FENCED.exec(text)?.[1];
  if (fenced !== undefined) found.push(fenced.trim());
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start !== -1 && end > start) found.push(text.slice(start, end + 1));
  return found;
}

/** The result in a model's answer, or undefined when the answer is malformed (empty, not JSON, or not the shape). */
export function readAnswer(text: string | null | undefined): AnalysisResult | undefined {
  if (typeof text !== "string" || text.trim() === "") return undefined;
  for (const candidate of candidates(text)) {
    const value = parseJson(candidate);
    if (value === undefined) continue;
    const parsed = analysisResultSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }
  return undefined;
}
