// Text rules that need no schema library: what can be stored, how long a text
// is as PostgreSQL counts it, and a search read from a page's address. Pages that
// only read their address (marketplace, search) use these, and so load no zod.

/** The index of the first character that cannot be stored (NUL or a lone surrogate), or -1. */
export function unstorableIndex(value: string): number {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit === 0) return index;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
      else return index;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return index;
    }
  }
  return -1;
}

export const isStorableText = (value: string) => unstorableIndex(value) === -1;

/** The text with each NUL and each lone surrogate replaced by U+FFFD (for diagnostics kept as sent). */
export function toStorableText(value: string): string {
  if (isStorableText(value)) return value;
  let out = "";
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit === 0) out += "\uFFFD";
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += value[index]! + value[index + 1]!;
        index += 1;
      } else out += "\uFFFD";
    } else if (unit >= 0xdc00 && unit <= 0xdfff) out += "\uFFFD";
    else out += value[index]!;
  }
  return out;
}

/** Characters as PostgreSQL counts them (code points), not UTF-16 units. */
export function textLength(value: string): number {
  let count = 0;
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
    count += 1;
  }
  return count;
}

/** The first `max` characters (code points), never cutting a surrogate pair in two. */
export function truncateText(value: string, max: number): string {
  if (value.length <= max) return value;
  let count = 0;
  for (let index = 0; index < value.length; index += 1) {
    if (count === max) return value.slice(0, index);
    const unit = value.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
    count += 1;
  }
  return value;
}

/** Message keys the building block uses when a field names none (in every app/locales/*.json). */
export const TEXT_MESSAGES = {
  invalid: "errors.invalidText",
  tooLong: "errors.textTooLong",
  required: "errors.required",
} as const;

/**
 * A search box's text read from a page's address: trimmed and cut to `max`
 * characters; text that cannot be stored reads as no search (a page shows
 * its unfiltered results rather than an error).
 */
export function readAddressSearch(value: unknown, max = 100): string {
  if (typeof value !== "string") return "";
  const cut = truncateText(value.normalize("NFC").trim(), max).trim();
  return isStorableText(cut) ? cut : "";
}
