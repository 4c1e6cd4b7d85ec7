import { z } from "~/lib/zod";

// Address parameters and form fields as forms of input: an empty value is no value, a comma
// list is a list of known words, a number is coerced. One definition for every schema.

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

const COORDINATE_BOUNDS = { latitude: 90, longitude: 180 } as const;
type Axis = keyof typeof COORDINATE_BOUNDS;

/** A latitude or longitude in an address; empty or absent -> undefined; anything else out of bounds is told `message`. */
export const queryCoordinate = (axis: Axis, message: string) =>
  optionalNumber(z.number().min(-COORDINATE_BOUNDS[axis], message).max(COORDINATE_BOUNDS[axis], message), message);

/** A latitude or longitude in a body or a form: a number or its text; empty, null or absent -> undefined. */
export const fieldCoordinate = (axis: Axis, message: string) =>
  z.preprocess(
    (value) =>
      value === "" || value === null || value === undefined
        ? undefined
        : typeof value === "string"
          ? Number(value)
          : value,
    z
      .number({ error: message })
      .finite(message)
      .min(-COORDINATE_BOUNDS[axis], message)
      .max(COORDINATE_BOUNDS[axis], message)
      .optional(),
  );
