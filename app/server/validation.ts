import type { z } from "zod";
import { isStorableText, TEXT_MESSAGES } from "~/lib/text";
import type { ErrorCode } from "./errors/catalogue";
import { Refusal } from "./refusal";

/** Catalogue code for the first problem of a failed validation. */
export type IssueCoder = (issue: z.core.$ZodIssue) => ErrorCode;

const defaultCoder: IssueCoder = (issue) => {
  const field = String(issue.path[0] ?? "");
  if (issue.code === "invalid_type" || (issue.code === "too_small" && issue.minimum === 1)) return "VLD_REQUIRED_FIELD";
  if (field === "email") return "VLD_INVALID_EMAIL";
  if (field === "password" && issue.code === "too_small") return "VLD_PASSWORD_TOO_SHORT";
  return "VLD_REQUIRED_FIELD";
};

/**
 * The path of the first string (or object key) in a parsed value that cannot
 * be stored, or null. Schemas refuse such text themselves (every string is a
 * text(), app/lib/text.ts); this is the last look before a value goes on to
 * a module, so a schema that forgot cannot let one through.
 */
export function unstorablePath(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === "string") return isStorableText(value) ? null : path;
  if (depth > 32 || typeof value !== "object" || value === null) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = unstorablePath(value[index], [...path, index], depth + 1);
      if (found) return found;
    }
    return null;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key];
    const found = unstorablePath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Validates with a zod schema; on failure refuses with 400, the first
 * problem's code and message, and every field's messages (the schemas'
 * messages are translation keys; they become text where the refusal is answered).
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  { coder = defaultCoder }: { coder?: IssueCoder } = {},
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) {
    const unstorable = unstorablePath(result.data);
    if (unstorable) {
      const key = unstorable.length ? unstorable.join(".") : "form";
      throw new Refusal("VLD_REQUIRED_FIELD", TEXT_MESSAGES.invalid, { fields: { [key]: [TEXT_MESSAGES.invalid] } });
    }
    return result.data;
  }
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    (fields[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]!;
  throw new Refusal(coder(first), first.message, { fields });
}

/**
 * Validates one value that is not a form field of its own (a record id in a
 * page form, say): refuses with 400 and the first problem's message, shown
 * on the whole form.
 */
export function validateValue<S extends z.ZodType>(
  schema: S,
  input: unknown,
  { coder = defaultCoder }: { coder?: IssueCoder } = {},
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success && !unstorablePath(result.data)) return result.data;
  const first = result.error?.issues[0];
  throw new Refusal(first ? coder(first) : "VLD_REQUIRED_FIELD", first?.message ?? TEXT_MESSAGES.invalid);
}

/**
 * A page's filters from its address: what does not validate is dropped (its
 * default is used) rather than refused, so a shared or hand-edited link still
 * shows the page. Whatever comes out has passed the schema.
 */
export function validateLeniently<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  input: Record<string, unknown>,
): z.infer<S> {
  let remaining: Record<string, unknown> = { ...input };
  for (;;) {
    const result = schema.safeParse(remaining);
    if (result.success && !unstorablePath(result.data)) return result.data;
    const failed = new Set(
      result.success
        ? [String(unstorablePath(result.data)?.[0] ?? "")]
        : result.error.issues.map((issue) => String(issue.path[0] ?? "")),
    );
    const next = Object.fromEntries(Object.entries(remaining).filter(([key]) => !failed.has(key)));
    // Nothing left to drop: the schema's own defaults, or a refusal if even those fail.
    if (Object.keys(next).length === Object.keys(remaining).length) return validate(schema, {});
    remaining = next;
  }
}
