import { expandTerm, normaliseTerm } from "../../../search/synonyms";

// A search box's text as PostgreSQL full-text terms: every word must match (itself, a local
// name of the same thing, or for the last word anything it begins, as the reader is still
// typing), or the whole text as one phrase of a local name ('ata rodo'). Only letters and
// digits reach the tsquery, so its syntax cannot be injected.

const MAX_WORDS = 8;
const TOKEN = /^[\p{L}\p{N}]+$/u;

export interface QueryTerms {
  /** to_tsquery('simple', ...) text, or null when nothing searchable is left. */
  tsquery: string | null;
  /** The normalised words typed. */
  words: string[];
  /** Every normalised word a match may contain (for highlighting). */
  tokens: Set<string>;
  /** The last word, matched as a prefix. */
  prefix: string | null;
}

function phrase(text: string): string | null {
  const tokens = text.split(" ").filter((token) => TOKEN.test(token));
  return tokens.length > 0 ? tokens.join(" <-> ") : null;
}

export function queryTerms(text: string): QueryTerms {
  const words = normaliseTerm(text)
    .split(" ")
    .filter((word) => TOKEN.test(word))
    .slice(0, MAX_WORDS);
  const tokens = new Set<string>();
  if (words.length === 0) return { tsquery: null, words, tokens, prefix: null };
  const groups = words.map((word, index) => {
    const alternatives = new Set<string>();
    for (const name of expandTerm(word)) {
      const p = phrase(name);
      if (p) alternatives.add(p);
      for (const token of name.split(" ")) if (TOKEN.test(token)) tokens.add(token);
    }
    if (index === words.length - 1 && word.length >= 2) alternatives.add(`${word}:*`);
    return `(${[...alternatives].join(" | ")})`;
  });
  let tsquery = groups.join(" & ");
  if (words.length > 1) {
    // The whole text may itself be a local name of something ('ata rodo', 'guinea corn').
    const joined = words.join(" ");
    const names = expandTerm(joined).filter((name) => name !== joined);
    for (const name of names) for (const token of name.split(" ")) if (TOKEN.test(token)) tokens.add(token);
    const phrases = names.map(phrase).filter((name): name is string => name !== null);
    if (phrases.length > 0) tsquery = `((${tsquery}) | ${phrases.join(" | ")})`;
  }
  return { tsquery, words, tokens, prefix: words[words.length - 1] ?? null };
}

/** Edit distance, capped: enough to tell a one- or two-letter typo. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > cap) return cap + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** The words of a title that the query matched, normalised: for highlighting. */
export function matchedWords(title: string, terms: QueryTerms, typos: boolean): string[] {
  const matched = new Set<string>();
  for (const word of normaliseTerm(title).split(" ")) {
    if (!word) continue;
    if (terms.tokens.has(word) || (terms.prefix && word.startsWith(terms.prefix))) matched.add(word);
    else if (
      typos &&
      terms.words.some((typed) => typed.length >= 4 && editDistance(typed, word, 2) <= (typed.length >= 8 ? 2 : 1))
    )
      matched.add(word);
  }
  return [...matched];
}
