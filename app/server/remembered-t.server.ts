import type { i18n, TFunction } from "i18next";

// On the server each language has one i18next instance whose texts never change (i18n.server.ts),
// so a text asked with the same key and the same plain options is always the same string. A page
// asks for hundreds of them (every card's unit, condition, place and button), and i18next's own
// path (options copied, key split, fallbacks, plurals, interpolation) cost more per page than
// rendering its markup. The components' `t` (react-i18next's, from getFixedT) therefore answers
// a text it has made before from memory; what it cannot key safely goes to i18next as before.

/** Texts kept per instance; past this the memory starts again (a price or a name as a value makes many). */
export const REMEMBERED_TEXTS_MAX = 20_000;

type Plain = string | number | boolean | null | undefined;

/** The options as part of a key, or null when one of them is not a plain value (a function, an object, a list). */
function optionsKey(options: unknown): string | null {
  if (options === undefined || options === null) return "";
  if (typeof options !== "object" || Array.isArray(options)) return null;
  let key = "";
  for (const name of Object.keys(options).sort()) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== null && value !== undefined && typeof value === "object") return null;
    if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") return null;
    // The type keeps 1 and "1" apart (a count is a number; a word is not).
    key += `\u0000${name}\u0001${typeof value}\u0001${String(value as Plain)}`;
  }
  return key;
}

/** Makes `instance.getFixedT` hand out `t` functions that remember their plain answers. */
export function rememberTexts(instance: i18n, max = REMEMBERED_TEXTS_MAX): void {
  const remembered = new Map<string, string>();
  const fixedT = instance.getFixedT.bind(instance);
  // getFixedT's declared type is a generic overload; the wrapper takes and gives the same values.
  const remembering = (lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const t = (fixedT as (...args: unknown[]) => TFunction)(lng, ns, keyPrefix);
    const ask = t as unknown as (...given: unknown[]) => unknown;
    const scope = `${String(lng)}\u0002${JSON.stringify(ns ?? null)}\u0002${String(keyPrefix ?? "")}\u0002`;
    const answer = (...args: unknown[]) => {
      const [key, options] = args;
      const extra = args.length > 2 || typeof key !== "string" ? null : optionsKey(options);
      if (extra === null) return ask(...args);
      const id = `${scope}${key}${extra}`;
      const known = remembered.get(id);
      if (known !== undefined) return known;
      const text = ask(key, options);
      // Only strings: an object (returnObjects) could be changed by whoever gets it.
      if (typeof text === "string") {
        if (remembered.size >= max) remembered.clear();
        remembered.set(id, text);
      }
      return text;
    };
    // react-i18next and callers read these off the function, as i18next sets them.
    const fields = t as unknown as { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };
    return Object.assign(answer, {
      lng: fields.lng,
      lngs: fields.lngs,
      ns: fields.ns,
      keyPrefix: fields.keyPrefix,
    }) as unknown as TFunction;
  };
  instance.getFixedT = remembering as unknown as i18n["getFixedT"];
}
