import type { z } from "zod";
import { Refusal } from "./refusal";

/** Catalogue code for the first problem of a failed validation. */
export type IssueCoder = (issue: z.core.$ZodIssue) => string;

const defaultCoder: IssueCoder = (issue) => {
  const field = String(issue.path[0] ?? "");
  if (issue.code === "invalid_type" || (issue.code === "too_small" && issue.minimum === 1)) return "VLD_REQUIRED_FIELD";
  if (field === "email") return "VLD_INVALID_EMAIL";
  if (field === "password" && issue.code === "too_small") return "VLD_PASSWORD_TOO_SHORT";
  return "VLD_REQUIRED_FIELD";
};

/**
 * Validates with a zod schema; on failure refuses with 400, the first
 * problem's code and message, and every field's messages (the schemas'
 * messages are translation keys; they become text where the refusal is answered).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, { coder = defaultCoder }: { coder?: IssueCoder } = {}): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    (fields[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]!;
  throw new Refusal(400, coder(first), first.message, fields);
}
