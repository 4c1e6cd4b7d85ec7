import { z } from "~/lib/zod";

// Address parameters as forms of input: an empty value is no value, a comma list is a list
// of known words, a number is coerced. One definition for every query schema.

export const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** "a, b,c" -> ["a", "b", "c"], each one of `values`; empty or absent -> undefined. */
export const commaList = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (value) =>
      typeof value === "string" && value.trim() !== ""
        ? value
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean)
        : undefined,
    z.array(z.enum(values, { error: message })).optional(),
  );

/**
 * A number within `schema`'s bounds; empty or absent -> undefined. `message` is
 * what a value that is no number at all ("abc", "Infinity") is told, zod's own text without it.
 */
export const optionalNumber = (schema: z.ZodNumber, message?: string) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ error: message }).pipe(schema).optional());
