import { z } from "~/lib/zod";
import { isStorableText, readAddressSearch, TEXT_MESSAGES, textLength, toStorableText } from "./storable-text";

// The one building block for text that comes in (JSON, forms, addresses,
// multipart fields). Every string of every schema is a `text()`, so what a
// schema accepts can be stored: PostgreSQL text and JSON cannot hold NUL
// (U+0000) or a UTF-16 surrogate without its pair (a lone "\uD800"); Prisma
// sends simultaneous look-ups as one query, so one such value would fail the
// others too. Lengths are checked on what is stored: after normalising to NFC,
// trimming and lower-casing (where the module stores it lower-cased), counted
// as PostgreSQL counts a VarChar(n): in characters (code points).
//
// Isomorphic: the same schemas validate forms in the browser.

export {
  isStorableText,
  readAddressSearch,
  TEXT_MESSAGES,
  textLength,
  toStorableText,
  truncateText,
  unstorableIndex,
} from "./storable-text";

// Module-level checks, so tests can tell a text() apart from a bare z.string()
// by the check it carries (see textChecked).
const refuseUnstorable = z.refine<string>(isStorableText, { message: TEXT_MESSAGES.invalid, abort: true });
const replaceUnstorable = z.overwrite(toStorableText);

export interface TextOptions {
  /** The most characters stored, after normalising. */
  max: number;
  /** The fewest characters, after normalising; 1 or more makes the text required (empty is "missing"). */
  min?: number;
  /** Remove white space around the text (default true; passwords keep theirs). */
  trim?: boolean;
  /** Normalise to NFC (default true; passwords are hashed as typed, diagnostics kept as sent). */
  normalize?: boolean;
  /** Lower-case it, as the module stores it (usernames, e-mail addresses). */
  lowerCase?: boolean;
  /**
   * What NUL or a lone surrogate does: "refuse" (default) fails validation;
   * "replace" turns each into U+FFFD (an error report keeps what it can).
   */
  unstorable?: "refuse" | "replace";
  /** Message key for a missing value, one that is not a string, or an empty one when min >= 1. */
  required?: string;
  /** Message key for fewer than `min` characters (default: `required`). */
  tooShort?: string;
  /** Message key for more than `max` characters. */
  tooLong?: string;
}

/**
 * A string schema for incoming text: refuses NUL and lone surrogates (or
 * replaces them), normalises to NFC, trims, lower-cases where asked, then
 * checks the length of what will be stored. It stays a z.string(), so
 * `.regex()` and `.refine()` chain on (they see the normalised value).
 */
export function text(options: TextOptions) {
  const {
    max,
    min = 0,
    trim = true,
    normalize = true,
    lowerCase = false,
    unstorable = "refuse",
    required = TEXT_MESSAGES.required,
    tooShort = required,
    tooLong = TEXT_MESSAGES.tooLong,
  } = options;
  let schema = z.string({ error: required }).check(unstorable === "replace" ? replaceUnstorable : refuseUnstorable);
  if (normalize) schema = schema.check(z.normalize("NFC"));
  if (trim) schema = schema.check(z.trim());
  // Lower-casing can make a text longer ("İ" becomes "i" and a combining dot), so it comes before the length check.
  if (lowerCase) schema = schema.check(z.toLowerCase(), ...(normalize ? [z.normalize("NFC")] : []));
  return schema.check((context) => {
    const length = textLength(context.value);
    if (length < min) {
      const minimum = length === 0 ? 1 : min;
      context.issues.push({
        code: "too_small",
        origin: "string",
        minimum,
        inclusive: true,
        input: context.value,
        message: length === 0 ? required : tooShort,
      });
    } else if (length > max) {
      context.issues.push({
        code: "too_big",
        origin: "string",
        maximum: max,
        inclusive: true,
        input: context.value,
        message: tooLong,
      });
    }
  });
}

const isBlank = (value: unknown) => typeof value === "string" && value.trim() === "";

/** An optional text: missing, null, empty or only white space all mean "none" (undefined, or null when sent as null). */
export function optionalText<S extends z.ZodType<string, string>>(schema: S) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), schema.nullish());
}

/** A record id (cuid, or a seed's readable id): letters, digits, "_" and "-", at most 100. */
export function recordId(message: string = TEXT_MESSAGES.invalid) {
  return text({ max: 100, min: 1, required: message, tooLong: message }).regex(/^[\w-]+$/, message);
}

const anyRecordId = recordId();

/** Whether a value is a well-formed record id: modules check ids from addresses with it before any query. */
export const isRecordId = (value: unknown): value is string => anyRecordId.safeParse(value).success;

const DATE_TIME = z.regexes.datetime({ offset: true });

/** An ISO 8601 date and time with a zone (Z or an offset), as text. */
export function isoDateTime(message: string = TEXT_MESSAGES.invalid) {
  return text({ max: 64, min: 1, required: message, tooLong: message })
    .regex(DATE_TIME, message)
    .refine((value) => !Number.isNaN(Date.parse(value)), message);
}

/** readAddressSearch as a schema (a page's loader validates its whole address with one). */
export function addressSearch(max = 100) {
  return z.preprocess((value) => readAddressSearch(value, max), z.string());
}

/** Whether a string schema is a text() (it carries the NUL and lone surrogate check). */
export function textChecked(schema: z.ZodType): boolean {
  const checks = (schema._zod.def as { checks?: unknown[] }).checks ?? [];
  return checks.includes(refuseUnstorable) || checks.includes(replaceUnstorable);
}
