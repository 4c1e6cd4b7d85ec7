// A local HTTP server speaking Meilisearch's API for the calls the app makes
// (index create/get/delete, settings, stats, documents list/add/delete/delete-all, tasks,
// search and multi-search), so integration tests run the meilisearch client for
// real against it. It records every request, checks the bearer key, processes
// tasks asynchronously (a change is seen once its task has succeeded, as in
// Meilisearch) and evaluates what our searches use the way Meilisearch does:
// - filters: =, !=, >, >=, <, <=, IN [..], NOT IN [..], EXISTS, IS NULL, NOT, AND, OR,
//   parentheses, _geoRadius(lat, lng, metres); values bare or quoted with Meilisearch's
//   escaping (a backslash escapes the next character; \" and \\ unescape); string
//   comparisons are case-insensitive; an array field matches when one element does;
// - words: lower-cased, accents removed; the last query word also matches as a prefix;
//   typos by the typoTolerance setting (defaults: one from 5 letters, two from 9; a typo
//   on the first letter counts as two); the synonyms setting for 1-3 word terms;
//   matchingStrategy "last" (default) or "all";
// - ranking by the rankingRules setting (words, typo, sort, attribute, exactness,
//   custom attr:asc|desc; proximity is not modelled), sort by attributes or
//   _geoPoint(lat, lng) with _geoDistance in the hits, limit/offset, estimatedTotalHits
//   (capped by pagination.maxTotalHits), _formatted with highlight tags.
// Not modelled: facets, phrase queries, negative words, geo bounding boxes and polygons.
import http from "node:http";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface RecordedMeiliRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Json | undefined;
  authorization: string | undefined;
  /** What the fake answered. */
  status: number;
  answer: unknown;
}

interface MeiliErrorBody {
  message: string;
  code: string;
  type: "invalid_request" | "internal" | "auth" | "system";
  link: string;
}

class MeiliError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type: MeiliErrorBody["type"] = "invalid_request",
  ) {
    super(message);
  }
  body(): MeiliErrorBody {
    return {
      message: this.message,
      code: this.code,
      type: this.type,
      link: `https://docs.meilisearch.com/errors#${this.code}`,
    };
  }
}

interface IndexSettings {
  displayedAttributes: string[];
  searchableAttributes: string[];
  filterableAttributes: string[];
  sortableAttributes: string[];
  rankingRules: string[];
  stopWords: string[];
  synonyms: Record<string, string[]>;
  distinctAttribute: string | null;
  typoTolerance: {
    enabled: boolean;
    minWordSizeForTypos: { oneTypo: number; twoTypos: number };
    disableOnWords: string[];
    disableOnAttributes: string[];
  };
  pagination: { maxTotalHits: number };
  faceting: { maxValuesPerFacet: number };
}

const DEFAULT_RANKING_RULES = ["words", "typo", "proximity", "attribute", "sort", "exactness"];

function defaultSettings(): IndexSettings {
  return {
    displayedAttributes: ["*"],
    searchableAttributes: ["*"],
    filterableAttributes: [],
    sortableAttributes: [],
    rankingRules: [...DEFAULT_RANKING_RULES],
    stopWords: [],
    synonyms: {},
    distinctAttribute: null,
    typoTolerance: {
      enabled: true,
      minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
      disableOnWords: [],
      disableOnAttributes: [],
    },
    pagination: { maxTotalHits: 1000 },
    faceting: { maxValuesPerFacet: 100 },
  };
}

interface FakeIndex {
  uid: string;
  primaryKey: string | null;
  createdAt: string;
  updatedAt: string;
  /** In insertion order, as Meilisearch's internal ids break ties. */
  documents: Map<string, JsonObject>;
  settings: IndexSettings;
}

type TaskStatus = "enqueued" | "processing" | "succeeded" | "failed";

interface FakeTask {
  uid: number;
  batchUid: number | null;
  indexUid: string | null;
  status: TaskStatus;
  type: string;
  canceledBy: null;
  details: JsonObject;
  error: MeiliErrorBody | null;
  duration: string | null;
  enqueuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  run: () => JsonObject | void;
}

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------- text

/** Meilisearch's normalisation of searchable text: compatibility decomposition, marks removed, lower case. */
export function normaliseText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** How filters compare strings (facet values): trimmed, decomposed, lower case. */
function normaliseFacet(text: string): string {
  return text.trim().normalize("NFKD").toLowerCase();
}

const WORD = /[\p{L}\p{N}]+/gu;

function tokens(text: string): string[] {
  return [...normaliseText(text).matchAll(WORD)].map((match) => match[0]);
}

/** Levenshtein distance, stopping early above `max`. */
function editDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let previous = Array.from({ length: y.length + 1 }, (_, index) => index);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[y.length]!;
}

/** The smallest distance between `query` and any prefix of `word` (a prefix search with typos). */
function prefixEditDistance(query: string, word: string, max: number): number {
  const chars = [...word];
  const length = [...query].length;
  let best = max + 1;
  for (let size = Math.max(0, length - max); size <= Math.min(chars.length, length + max); size++) {
    best = Math.min(best, editDistance(query, chars.slice(0, size).join(""), max));
  }
  return best;
}

// ---------------------------------------------------------------- query terms

interface WordMatch {
  typos: number;
  exact: boolean;
  /** How many (normalised) characters of the word to highlight. */
  highlight: number;
}

interface Term {
  /** Query words covered: [start, end). */
  start: number;
  end: number;
  /** A single word (typos and prefix allowed), or the words of an n-gram glued together (exact). */
  word: string | null;
  concatenated: string | null;
  isLast: boolean;
  typoBudget: number;
  /** Synonyms, each a phrase of normalised words. */
  synonyms: string[][];
}

function typoBudget(word: string, settings: IndexSettings): number {
  const tolerance = settings.typoTolerance;
  if (!tolerance.enabled || tolerance.disableOnWords.map(normaliseText).includes(word) || /^\d+$/.test(word)) return 0;
  const length = [...word].length;
  if (length >= tolerance.minWordSizeForTypos.twoTypos) return 2;
  if (length >= tolerance.minWordSizeForTypos.oneTypo) return 1;
  return 0;
}

function buildTerms(words: string[], settings: IndexSettings): Term[] {
  const synonyms = new Map<string, string[][]>();
  for (const [key, values] of Object.entries(settings.synonyms)) {
    const normalisedKey = tokens(key).join(" ");
    const list = synonyms.get(normalisedKey) ?? [];
    for (const value of values) {
      const phrase = tokens(value);
      if (phrase.length > 0) list.push(phrase);
    }
    synonyms.set(normalisedKey, list);
  }
  const terms: Term[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let size = 1; size <= 3 && start + size <= words.length; size++) {
      const slice = words.slice(start, start + size);
      terms.push({
        start,
        end: start + size,
        word: size === 1 ? slice[0]! : null,
        concatenated: size > 1 ? slice.join("") : null,
        isLast: start + size === words.length,
        typoBudget: size === 1 ? typoBudget(slice[0]!, settings) : 0,
        synonyms: synonyms.get(slice.join(" ")) ?? [],
      });
    }
  }
  return terms;
}

/** Whether one document word matches a term by itself (not as part of a phrase). */
function matchWord(term: Term, token: string): WordMatch | null {
  if (term.word !== null) {
    const word = term.word;
    const length = [...word].length;
    if (token === word) return { typos: 0, exact: true, highlight: length };
    if (term.isLast && token.startsWith(word)) return { typos: 0, exact: false, highlight: length };
    if (term.typoBudget > 0) {
      const distance = term.isLast
        ? Math.min(editDistance(word, token, term.typoBudget), prefixEditDistance(word, token, term.typoBudget))
        : editDistance(word, token, term.typoBudget);
      if (distance <= term.typoBudget) {
        // A typo on the first letter counts as two (and only one such edit is allowed).
        const sameFirst = [...word][0] === [...token][0];
        if (sameFirst || (distance === 1 && term.typoBudget === 2))
          return { typos: sameFirst ? distance : 2, exact: false, highlight: [...token].length };
      }
    }
  } else if (term.concatenated !== null && token === term.concatenated) {
    return { typos: 0, exact: true, highlight: [...token].length };
  }
  for (const phrase of term.synonyms)
    if (phrase.length === 1 && phrase[0] === token) return { typos: 0, exact: true, highlight: [...token].length };
  return null;
}

/** The document words (by index) a term matches in one list of words, and the best match. */
function matchTerm(term: Term, words: string[]): { best: WordMatch; positions: Map<number, number> } | null {
  let best: WordMatch | null = null;
  const positions = new Map<number, number>();
  words.forEach((token, index) => {
    const match = matchWord(term, token);
    if (!match) return;
    positions.set(index, match.highlight);
    if (!best || match.typos < best.typos || (match.typos === best.typos && match.exact && !best.exact)) best = match;
  });
  for (const phrase of term.synonyms) {
    if (phrase.length < 2) continue;
    for (let index = 0; index + phrase.length <= words.length; index++) {
      if (phrase.every((word, offset) => words[index + offset] === word)) {
        phrase.forEach((word, offset) => positions.set(index + offset, [...word].length));
        best ??= { typos: 0, exact: true, highlight: 0 };
      }
    }
  }
  return best ? { best, positions } : null;
}

interface Relevance {
  /** Query words matched (from the start of the query). */
  words: number;
  typos: number;
  /** The first searchable attribute a matched term was found in. */
  attribute: number;
  exact: number;
}

/** Searchable text of a document: one list of words per searchable attribute, in order. */
function searchableWords(document: JsonObject, settings: IndexSettings): string[][] {
  const attributes = settings.searchableAttributes.includes("*")
    ? Object.keys(document)
    : settings.searchableAttributes;
  return attributes.map((attribute) => {
    const collect = (value: Json | undefined): string[] => {
      if (typeof value === "string") return tokens(value);
      if (typeof value === "number") return [String(value)];
      if (Array.isArray(value)) return value.flatMap(collect);
      if (isObject(value)) return Object.values(value).flatMap(collect);
      return [];
    };
    return collect(document[attribute]);
  });
}

function relevance(words: string[], terms: Term[], attributes: string[][], strategy: "last" | "all"): Relevance | null {
  const termMatches = terms.map((term) => {
    let best: { typos: number; attribute: number; exact: boolean } | null = null;
    attributes.forEach((attributeWords, attribute) => {
      const match = matchTerm(term, attributeWords);
      if (!match) return;
      if (!best || match.best.typos < best.typos)
        best = { typos: match.best.typos, attribute, exact: match.best.exact };
    });
    return best as { typos: number; attribute: number; exact: boolean } | null;
  });
  const smallest = strategy === "all" ? words.length : 1;
  for (let count = words.length; count >= smallest; count--) {
    // Cover words [0, count) with terms; fewest typos wins.
    const cover: (Relevance | null)[] = Array.from({ length: count + 1 }, () => null);
    cover[0] = { words: 0, typos: 0, attribute: Number.MAX_SAFE_INTEGER, exact: 0 };
    for (let end = 1; end <= count; end++) {
      terms.forEach((term, index) => {
        const match = termMatches[index];
        const before = cover[term.start];
        if (term.end !== end || !match || !before) return;
        const candidate = {
          words: end,
          typos: before.typos + match.typos,
          attribute: Math.min(before.attribute, match.attribute),
          exact: before.exact + (match.exact ? 1 : 0),
        };
        const current = cover[end];
        if (
          !current ||
          candidate.typos < current.typos ||
          (candidate.typos === current.typos && candidate.exact > current.exact)
        )
          cover[end] = candidate;
      });
    }
    const covered = cover[count];
    if (covered) return covered;
  }
  return null;
}

/** Wraps the words of `text` that the query's terms match in the highlight tags. */
function highlight(text: string, terms: Term[], pre: string, post: string): string {
  const matches = [...text.matchAll(WORD)];
  const words = matches.map((match) => normaliseText(match[0]));
  const marks = new Map<number, number>();
  for (const term of terms) {
    const match = matchTerm(term, words);
    if (match)
      for (const [position, length] of match.positions) marks.set(position, Math.max(marks.get(position) ?? 0, length));
  }
  let result = "";
  let cursor = 0;
  matches.forEach((match, position) => {
    const length = marks.get(position);
    if (!length) return;
    const start = match.index;
    // Map the normalised length back onto the original characters.
    let end = start;
    let normalised = 0;
    for (const char of match[0]) {
      if (normalised >= length) break;
      normalised += [...normaliseText(char)].length;
      end += char.length;
    }
    result += `${text.slice(cursor, start)}${pre}${text.slice(start, end)}${post}`;
    cursor = end;
  });
  return result + text.slice(cursor);
}

// ---------------------------------------------------------------- filters

type Filter =
  | { kind: "and" | "or"; left: Filter; right: Filter }
  | { kind: "not"; inner: Filter }
  | { kind: "compare"; field: string; operator: "=" | "!=" | ">" | ">=" | "<" | "<="; value: string }
  | { kind: "in"; field: string; values: string[] }
  | { kind: "exists"; field: string }
  | { kind: "null"; field: string }
  | { kind: "geoRadius"; lat: number; lng: number; metres: number };

const KEYWORDS = new Set([
  "AND",
  "OR",
  "IN",
  "NOT",
  "TO",
  "EXISTS",
  "IS",
  "NULL",
  "EMPTY",
  "CONTAINS",
  "STARTS",
  "WITH",
  "_geoRadius",
  "_geoBoundingBox",
]);

function filterError(message: string) {
  return new MeiliError(400, "invalid_search_filter", message);
}

/** Rust's `unescaper` as Meilisearch applies it to a filter value. */
function unescapeValue(value: string, source: string): string {
  let result = "";
  for (let index = 0; index < value.length; index++) {
    const char = value[index]!;
    if (char !== "\\") {
      result += char;
      continue;
    }
    const next = value[++index];
    const simple: Record<string, string> = {
      "\\": "\\",
      '"': '"',
      "'": "'",
      n: "\n",
      r: "\r",
      t: "\t",
      "0": "\0",
      b: "\b",
      f: "\f",
      "/": "/",
    };
    if (next === undefined) throw filterError(`Malformed value: \`${source}\`.`);
    if (next in simple) result += simple[next];
    else if (next === "u" && value[index + 1] === "{") {
      const close = value.indexOf("}", index);
      const code = Number.parseInt(value.slice(index + 2, close), 16);
      if (close === -1 || Number.isNaN(code)) throw filterError(`Malformed value: \`${source}\`.`);
      result += String.fromCodePoint(code);
      index = close;
    } else throw filterError(`Malformed value: \`${source}\`.`);
  }
  return result;
}

class FilterParser {
  private position = 0;
  constructor(private readonly source: string) {}

  parse(): Filter {
    const filter = this.or();
    this.space();
    if (this.position < this.source.length)
      throw filterError(
        `Found unexpected characters at the end of the filter: \`${this.source.slice(this.position)}\`. You probably forgot an \`OR\` or an \`AND\` rule.`,
      );
    return filter;
  }

  private space() {
    while (this.position < this.source.length && /\s/.test(this.source[this.position]!)) this.position++;
  }

  private keyword(word: string): boolean {
    this.space();
    if (!this.source.startsWith(word, this.position)) return false;
    const after = this.source[this.position + word.length];
    if (after !== undefined && /[\p{L}\p{N}_.-]/u.test(after)) return false;
    this.position += word.length;
    return true;
  }

  private or(): Filter {
    let left = this.and();
    while (this.keyword("OR")) left = { kind: "or", left, right: this.and() };
    return left;
  }

  private and(): Filter {
    let left = this.not();
    while (this.keyword("AND")) left = { kind: "and", left, right: this.not() };
    return left;
  }

  private not(): Filter {
    const start = this.position;
    if (this.keyword("NOT")) {
      this.space();
      // `NOT field IN [...]` parses as the negation of `field IN [...]`, `NOT (…)` likewise.
      return { kind: "not", inner: this.not() };
    }
    this.position = start;
    return this.primary();
  }

  private number(): number {
    this.space();
    const match = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(this.source.slice(this.position));
    if (!match)
      throw filterError(`The _geoRadius filter expects three arguments: \`_geoRadius(latitude, longitude, radius)\`.`);
    this.position += match[0].length;
    return Number(match[0]);
  }

  private expect(char: string, message: string) {
    this.space();
    if (this.source[this.position] !== char) throw filterError(message);
    this.position++;
  }

  private primary(): Filter {
    this.space();
    if (this.source[this.position] === "(") {
      this.position++;
      const inner = this.or();
      this.expect(")", `Expression \`${this.source}\` is missing the following closing delimiter: \`)\`.`);
      return inner;
    }
    if (this.source.startsWith("_geoRadius", this.position)) {
      this.position += "_geoRadius".length;
      const usage = "The _geoRadius filter expects three arguments: `_geoRadius(latitude, longitude, radius)`.";
      this.expect("(", usage);
      const lat = this.number();
      this.expect(",", usage);
      const lng = this.number();
      this.expect(",", usage);
      const metres = this.number();
      this.expect(")", usage);
      if (lat < -90 || lat > 90)
        throw filterError(`Bad latitude \`${lat}\`. Latitude must be contained between -90 and 90 degrees.`);
      if (lng < -180 || lng > 180)
        throw filterError(`Bad longitude \`${lng}\`. Longitude must be contained between -180 and 180 degrees.`);
      return { kind: "geoRadius", lat, lng, metres };
    }
    if (this.source.startsWith("_geo", this.position))
      throw filterError("This filter is not supported by the fake Meilisearch server.");
    const field = this.value();
    this.space();
    for (const operator of ["!=", ">=", "<=", "=", ">", "<"] as const) {
      if (this.source.startsWith(operator, this.position)) {
        this.position += operator.length;
        return { kind: "compare", field, operator, value: this.value() };
      }
    }
    const start = this.position;
    if (this.keyword("NOT")) {
      if (this.keyword("IN")) return { kind: "not", inner: { kind: "in", field, values: this.list() } };
      if (this.keyword("EXISTS")) return { kind: "not", inner: { kind: "exists", field } };
      this.position = start;
    }
    if (this.keyword("IN")) return { kind: "in", field, values: this.list() };
    if (this.keyword("EXISTS")) return { kind: "exists", field };
    if (this.keyword("IS")) {
      const negated = this.keyword("NOT");
      if (!this.keyword("NULL")) throw filterError(`Was expecting \`NULL\` after \`IS\` in \`${this.source}\`.`);
      return negated ? { kind: "not", inner: { kind: "null", field } } : { kind: "null", field };
    }
    throw filterError(
      `Was expecting an operation \`=\`, \`!=\`, \`>=\`, \`>\`, \`<=\`, \`<\`, \`IN\`, \`NOT IN\`, \`TO\`, \`EXISTS\`, \`NOT EXISTS\`, \`IS NULL\`, \`IS NOT NULL\`, \`IS EMPTY\`, \`IS NOT EMPTY\`, \`CONTAINS\`, \`NOT CONTAINS\`, \`STARTS WITH\`, \`NOT STARTS WITH\`, \`_geoRadius\`, or \`_geoBoundingBox\` at \`${this.source.slice(start)}\`.`,
    );
  }

  private list(): string[] {
    this.expect("[", `Expected \`[\` after \`IN\` keyword in \`${this.source}\`.`);
    const values: string[] = [];
    this.space();
    if (this.source[this.position] === "]") {
      this.position++;
      return values;
    }
    for (;;) {
      values.push(this.value());
      this.space();
      const char = this.source[this.position];
      this.position++;
      if (char === "]") return values;
      if (char !== ",") throw filterError(`Expected matching \`]\` after the list of values in \`${this.source}\`.`);
    }
  }

  /** A bare word or a quoted value, as Meilisearch's filter parser reads it. */
  private value(): string {
    this.space();
    const quote = this.source[this.position];
    if (quote === '"' || quote === "'") {
      let index = this.position + 1;
      let escaped = false;
      for (;;) {
        const char = this.source[index];
        if (char === undefined)
          throw filterError(
            `Expression \`${this.source.slice(this.position)}\` is missing the following closing delimiter: \`${quote}\`.`,
          );
        if (char === quote) break;
        if (char === "\\") {
          const next = this.source[index + 1];
          if (next === undefined) throw filterError(`Malformed value: \`${this.source.slice(this.position)}\`.`);
          escaped ||= next === quote;
          index += 2;
          continue;
        }
        index++;
      }
      let raw = this.source.slice(this.position + 1, index);
      if (escaped) raw = raw.split(`\\${quote}`).join(quote);
      this.position = index + 1;
      return unescapeValue(raw, this.source);
    }
    const match = /^[\p{L}\p{N}_.-]+/u.exec(this.source.slice(this.position));
    if (!match || KEYWORDS.has(match[0]))
      throw filterError(
        `Was expecting a value but instead got \`${this.source.slice(this.position).split(/[\s()=<>!]/)[0]}\`.`,
      );
    this.position += match[0].length;
    return match[0];
  }
}

function filterFields(filter: Filter): string[] {
  switch (filter.kind) {
    case "and":
    case "or":
      return [...filterFields(filter.left), ...filterFields(filter.right)];
    case "not":
      return filterFields(filter.inner);
    case "geoRadius":
      return ["_geo"];
    default:
      return [filter.field];
  }
}

function fieldValues(document: JsonObject, field: string): Json[] {
  const value = document[field];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function valueEquals(value: Json, wanted: string): boolean {
  if (typeof value === "number")
    return !Number.isNaN(Number(wanted)) && wanted.trim() !== "" && Number(wanted) === value;
  if (typeof value === "string") return normaliseFacet(value) === normaliseFacet(wanted);
  if (typeof value === "boolean") return String(value) === normaliseFacet(wanted);
  return false;
}

/** Distance in metres on a sphere of the Earth's mean radius (haversine). */
export function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function documentPoint(document: JsonObject): { lat: number; lng: number } | null {
  const geo = document._geo;
  if (!isObject(geo)) return null;
  const lat = Number(geo.lat);
  const lng = Number(geo.lng);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

function evaluate(filter: Filter, document: JsonObject): boolean {
  switch (filter.kind) {
    case "and":
      return evaluate(filter.left, document) && evaluate(filter.right, document);
    case "or":
      return evaluate(filter.left, document) || evaluate(filter.right, document);
    case "not":
      return !evaluate(filter.inner, document);
    case "in":
      return fieldValues(document, filter.field).some((value) =>
        filter.values.some((wanted) => valueEquals(value, wanted)),
      );
    case "exists":
      return document[filter.field] !== undefined;
    case "null":
      return document[filter.field] === null;
    case "geoRadius": {
      const point = documentPoint(document);
      return point !== null && haversineMetres({ lat: filter.lat, lng: filter.lng }, point) <= filter.metres;
    }
    case "compare": {
      const values = fieldValues(document, filter.field);
      if (filter.operator === "=") return values.some((value) => valueEquals(value, filter.value));
      if (filter.operator === "!=") return !values.some((value) => valueEquals(value, filter.value));
      const wanted = Number(filter.value);
      return values.some((value) => {
        if (typeof value !== "number" || Number.isNaN(wanted)) return false;
        return filter.operator === ">"
          ? value > wanted
          : filter.operator === ">="
            ? value >= wanted
            : filter.operator === "<"
              ? value < wanted
              : value <= wanted;
      });
    }
  }
}

function parseFilter(filter: Json | undefined): Filter | null {
  if (filter === undefined || filter === null) return null;
  if (typeof filter === "string") return filter.trim() === "" ? null : new FilterParser(filter).parse();
  if (Array.isArray(filter)) {
    // An array: its items ANDed; an inner array: its strings ORed.
    const parts = filter
      .map((item): Filter | null => {
        if (typeof item === "string") return parseFilter(item);
        if (Array.isArray(item)) {
          const alternatives = item
            .map((inner) => parseFilter(inner))
            .filter((inner): inner is Filter => inner !== null);
          return alternatives.reduce<Filter | null>(
            (left, right) => (left ? { kind: "or", left, right } : right),
            null,
          );
        }
        throw filterError("Invalid value type: expected a string or an array of strings in the filter.");
      })
      .filter((part): part is Filter => part !== null);
    return parts.reduce<Filter | null>((left, right) => (left ? { kind: "and", left, right } : right), null);
  }
  throw new MeiliError(
    400,
    "invalid_search_filter",
    "Invalid syntax for the filter parameter: `expected String, Array`, found: `" + JSON.stringify(filter) + "`.",
  );
}

// ---------------------------------------------------------------- sort

type SortRule =
  { kind: "geo"; lat: number; lng: number; ascending: boolean } | { kind: "field"; field: string; ascending: boolean };

function parseSort(sort: Json | undefined, settings: IndexSettings): SortRule[] {
  if (sort === undefined || sort === null) return [];
  if (!Array.isArray(sort))
    throw new MeiliError(
      400,
      "invalid_search_sort",
      "Invalid value type at `.sort`: expected an array, but found a string.",
    );
  if (sort.length > 0 && !settings.rankingRules.includes("sort")) {
    throw new MeiliError(
      400,
      "invalid_search_sort",
      "You must specify where `sort` is listed in the rankingRules setting to use the sort parameter at search time.",
    );
  }
  return sort.map((item) => {
    if (typeof item !== "string")
      throw new MeiliError(400, "invalid_search_sort", "Invalid value type at `.sort`: expected a string.");
    const geo = /^_geoPoint\(\s*([-+\d.eE]+)\s*,\s*([-+\d.eE]+)\s*\):(asc|desc)$/.exec(item);
    if (geo) {
      if (!settings.sortableAttributes.includes("_geo"))
        throw new MeiliError(
          400,
          "invalid_search_sort",
          `Attribute \`_geo\` is not sortable. Available sortable attributes are: \`${settings.sortableAttributes.join(", ")}\`.`,
        );
      return { kind: "geo", lat: Number(geo[1]), lng: Number(geo[2]), ascending: geo[3] === "asc" };
    }
    const field = /^([^:]+):(asc|desc)$/.exec(item);
    if (!field)
      throw new MeiliError(
        400,
        "invalid_search_sort",
        `Invalid syntax for the sort parameter: expected expression ending by \`:asc\` or \`:desc\`, found \`${item}\`.`,
      );
    if (!settings.sortableAttributes.includes(field[1]!))
      throw new MeiliError(
        400,
        "invalid_search_sort",
        `Attribute \`${field[1]}\` is not sortable. Available sortable attributes are: \`${settings.sortableAttributes.join(", ")}\`.`,
      );
    return { kind: "field", field: field[1]!, ascending: field[2] === "asc" };
  });
}

/** Compares by one sort rule; documents without the value go last, whatever the direction. */
function compareBy(rule: SortRule, a: JsonObject, b: JsonObject): number {
  const key = (document: JsonObject): number | string | null => {
    if (rule.kind === "geo") {
      const point = documentPoint(document);
      return point ? haversineMetres(rule, point) : null;
    }
    const value = document[rule.field];
    return typeof value === "number" || typeof value === "string" ? value : null;
  };
  const x = key(a);
  const y = key(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  // Numbers before strings, as Meilisearch sorts mixed values.
  if (typeof x !== typeof y) return typeof x === "number" ? -1 : 1;
  const order = x < y ? -1 : x > y ? 1 : 0;
  return rule.ascending ? order : -order;
}

// ---------------------------------------------------------------- server

export interface FakeMeilisearchOptions {
  /** The master key the fake expects as `Authorization: Bearer <key>`; none: no check. */
  apiKey?: string | null;
  port?: number;
  /** How long a task stays enqueued before it is processed. */
  taskDelayMs?: number;
}

/** Starts the fake on 127.0.0.1 (port 0 for any free port). */
export async function startFakeMeilisearch(options: FakeMeilisearchOptions = {}) {
  const apiKey = options.apiKey === undefined ? "fake-master-key" : options.apiKey;
  const taskDelayMs = options.taskDelayMs ?? 5;
  const requests: RecordedMeiliRequest[] = [];
  const indexes = new Map<string, FakeIndex>();
  const tasks = new Map<number, FakeTask>();
  const queue: FakeTask[] = [];
  let nextTaskUid = 0;
  let processing = false;
  let failures: { method: string; path: RegExp; status: number }[] = [];
  let taskFailures: { type: RegExp; code: string; message: string }[] = [];

  const now = () => new Date().toISOString();

  function indexNotFound(uid: string) {
    return new MeiliError(404, "index_not_found", `Index \`${uid}\` not found.`);
  }

  function getIndex(uid: string): FakeIndex {
    const index = indexes.get(uid);
    if (!index) throw indexNotFound(uid);
    return index;
  }

  function ensureIndex(uid: string, primaryKey: string | null): FakeIndex {
    let index = indexes.get(uid);
    if (!index) {
      index = {
        uid,
        primaryKey,
        createdAt: now(),
        updatedAt: now(),
        documents: new Map(),
        settings: defaultSettings(),
      };
      indexes.set(uid, index);
    }
    return index;
  }

  function processQueue() {
    if (processing) return;
    processing = true;
    setTimeout(() => {
      while (queue.length > 0) {
        const task = queue.shift()!;
        task.startedAt = now();
        const forced = taskFailures.findIndex((rule) => rule.type.test(task.type));
        try {
          if (forced !== -1) {
            const rule = taskFailures.splice(forced, 1)[0]!;
            throw new MeiliError(400, rule.code, rule.message);
          }
          const details = task.run();
          if (details) task.details = { ...task.details, ...details };
          task.status = "succeeded";
        } catch (error) {
          task.status = "failed";
          task.error =
            error instanceof MeiliError
              ? error.body()
              : {
                  message: String(error),
                  code: "internal",
                  type: "internal",
                  link: "https://docs.meilisearch.com/errors#internal",
                };
        }
        task.finishedAt = now();
        task.duration = "PT0.001S";
        if (task.indexUid && indexes.has(task.indexUid)) indexes.get(task.indexUid)!.updatedAt = task.finishedAt;
      }
      processing = false;
    }, taskDelayMs);
  }

  function enqueue(indexUid: string | null, type: string, details: JsonObject, run: FakeTask["run"]) {
    const task: FakeTask = {
      uid: nextTaskUid++,
      batchUid: null,
      indexUid,
      status: "enqueued",
      type,
      canceledBy: null,
      details,
      error: null,
      duration: null,
      enqueuedAt: now(),
      startedAt: null,
      finishedAt: null,
      run,
    };
    tasks.set(task.uid, task);
    queue.push(task);
    processQueue();
    return {
      status: 202,
      body: { taskUid: task.uid, indexUid, status: "enqueued", type, enqueuedAt: task.enqueuedAt },
    };
  }

  function taskObject(task: FakeTask) {
    const { run: _run, ...fields } = task;
    return { ...fields, batchUid: task.status === "enqueued" ? null : task.uid };
  }

  function validDocumentId(id: Json | undefined): id is string | number {
    if (typeof id === "number") return Number.isInteger(id) && id >= 0;
    return typeof id === "string" && /^[A-Za-z0-9_-]{1,511}$/.test(id);
  }

  function addDocuments(uid: string, primaryKeyParam: string | undefined, documents: Json | undefined) {
    if (!Array.isArray(documents))
      throw new MeiliError(
        400,
        "malformed_payload",
        "The `json` payload provided is malformed. `Couldn't serialize document value: invalid type: expected a sequence`.",
      );
    const objects = documents.filter(isObject);
    return enqueue(
      uid,
      "documentAdditionOrUpdate",
      { receivedDocuments: documents.length, indexedDocuments: null },
      () => {
        const index = ensureIndex(uid, primaryKeyParam ?? null);
        if (primaryKeyParam && index.primaryKey && index.primaryKey !== primaryKeyParam && index.documents.size > 0) {
          throw new MeiliError(
            400,
            "index_primary_key_already_exists",
            `Index \`${uid}\`: Index already has a primary key: \`${index.primaryKey}\`.`,
          );
        }
        index.primaryKey ??=
          primaryKeyParam ?? (objects[0] && Object.keys(objects[0]).find((key) => /id$/i.test(key))) ?? null;
        const key = index.primaryKey;
        if (!key)
          throw new MeiliError(
            400,
            "index_primary_key_no_candidate_found",
            `Index \`${uid}\`: The primary key inference failed as the engine did not find any field ending with \`id\` in its name. Please specify the primary key manually using the \`primaryKey\` query parameter.`,
          );
        // All or nothing, as one Meilisearch task.
        for (const document of objects) {
          const id = document[key];
          if (id === undefined)
            throw new MeiliError(
              400,
              "missing_document_id",
              `Index \`${uid}\`: Document doesn't have a \`${key}\` attribute: \`${JSON.stringify(document)}\`.`,
            );
          if (!validDocumentId(id))
            throw new MeiliError(
              400,
              "invalid_document_id",
              `Index \`${uid}\`: Document identifier \`${JSON.stringify(id)}\` is invalid. A document identifier can be of type integer or string, only composed of alphanumeric characters (a-z A-Z 0-9), hyphens (-) and underscores (_), and can not be more than 511 bytes.`,
            );
          const geo = document._geo;
          if (
            geo !== undefined &&
            geo !== null &&
            (!isObject(geo) || !Number.isFinite(Number(geo.lat)) || !Number.isFinite(Number(geo.lng)))
          ) {
            throw new MeiliError(
              400,
              "invalid_document_geo_field",
              `Index \`${uid}\`: The \`_geo\` field in the document with the id: \`${String(id)}\` is not an object with \`lat\` and \`lng\`.`,
            );
          }
        }
        for (const document of objects) index.documents.set(String(document[key]), document);
        return { indexedDocuments: objects.length };
      },
    );
  }

  function updateSettings(uid: string, body: Json | undefined) {
    if (!isObject(body)) throw new MeiliError(400, "bad_request", "Invalid settings: expected an object.");
    const known = new Set(Object.keys(defaultSettings()));
    for (const key of Object.keys(body)) {
      if (!known.has(key))
        throw new MeiliError(
          400,
          "bad_request",
          `Unknown field \`${key}\`: expected one of ${[...known].map((name) => `\`${name}\``).join(", ")}`,
        );
    }
    const rules = body.rankingRules;
    if (Array.isArray(rules)) {
      for (const rule of rules) {
        if (
          typeof rule !== "string" ||
          !(
            ["words", "typo", "proximity", "attribute", "sort", "exactness"].includes(rule) ||
            /^[^:\s]+:(asc|desc)$/.test(rule)
          )
        ) {
          throw new MeiliError(
            400,
            "invalid_settings_ranking_rules",
            `Invalid value at \`.rankingRules[${rules.indexOf(rule)}]\`: \`${String(rule)}\` ranking rule is invalid.`,
          );
        }
      }
    }
    return enqueue(uid, "settingsUpdate", body, () => {
      const index = ensureIndex(uid, null);
      const settings = index.settings;
      const defaults = defaultSettings();
      const list = (value: Json | undefined, fallback: string[]) =>
        value === null ? fallback : Array.isArray(value) ? value.map(String) : undefined;
      settings.displayedAttributes =
        list(body.displayedAttributes, defaults.displayedAttributes) ?? settings.displayedAttributes;
      settings.searchableAttributes =
        list(body.searchableAttributes, defaults.searchableAttributes) ?? settings.searchableAttributes;
      settings.filterableAttributes =
        list(body.filterableAttributes, defaults.filterableAttributes) ?? settings.filterableAttributes;
      settings.sortableAttributes =
        list(body.sortableAttributes, defaults.sortableAttributes) ?? settings.sortableAttributes;
      settings.rankingRules = list(body.rankingRules, defaults.rankingRules) ?? settings.rankingRules;
      settings.stopWords = list(body.stopWords, defaults.stopWords) ?? settings.stopWords;
      if (body.synonyms === null) settings.synonyms = {};
      else if (isObject(body.synonyms)) {
        settings.synonyms = Object.fromEntries(
          Object.entries(body.synonyms).map(([key, values]) => [key, Array.isArray(values) ? values.map(String) : []]),
        );
      }
      if (body.distinctAttribute !== undefined)
        settings.distinctAttribute = typeof body.distinctAttribute === "string" ? body.distinctAttribute : null;
      if (isObject(body.typoTolerance)) {
        const tolerance = body.typoTolerance;
        if (typeof tolerance.enabled === "boolean") settings.typoTolerance.enabled = tolerance.enabled;
        if (isObject(tolerance.minWordSizeForTypos)) {
          const sizes = tolerance.minWordSizeForTypos;
          if (typeof sizes.oneTypo === "number") settings.typoTolerance.minWordSizeForTypos.oneTypo = sizes.oneTypo;
          if (typeof sizes.twoTypos === "number") settings.typoTolerance.minWordSizeForTypos.twoTypos = sizes.twoTypos;
        }
        if (Array.isArray(tolerance.disableOnWords))
          settings.typoTolerance.disableOnWords = tolerance.disableOnWords.map(String);
      }
      if (isObject(body.pagination) && typeof body.pagination.maxTotalHits === "number")
        settings.pagination.maxTotalHits = body.pagination.maxTotalHits;
    });
  }

  function search(uid: string, params: JsonObject) {
    const index = getIndex(uid);
    const started = Date.now();
    const settings = index.settings;
    const filter = parseFilter(params.filter);
    if (filter) {
      for (const field of filterFields(filter)) {
        if (!settings.filterableAttributes.includes(field)) {
          throw filterError(
            field === "_geo"
              ? `Attribute \`_geo\` is not filterable. Available filterable attributes are: \`${settings.filterableAttributes.join(", ")}\`.`
              : `Attribute \`${field}\` is not filterable. Available filterable attribute patterns are: \`${settings.filterableAttributes.join(", ")}\`.`,
          );
        }
      }
    }
    const sort = parseSort(params.sort, settings);
    const q = typeof params.q === "string" ? params.q : "";
    const strategy = params.matchingStrategy === "all" ? "all" : "last";
    const stopWords = new Set(settings.stopWords.map(normaliseText));
    const words = tokens(q)
      .filter((word) => !stopWords.has(word))
      .slice(0, 10);
    const terms = buildTerms(words, settings);

    const candidates: { document: JsonObject; order: number; relevance: Relevance | null }[] = [];
    let order = 0;
    for (const document of index.documents.values()) {
      order++;
      if (filter && !evaluate(filter, document)) continue;
      if (words.length === 0) {
        candidates.push({ document, order, relevance: null });
        continue;
      }
      const found = relevance(words, terms, searchableWords(document, settings), strategy);
      if (found) candidates.push({ document, order, relevance: found });
    }

    const compareRule = (rule: string, a: (typeof candidates)[number], b: (typeof candidates)[number]): number => {
      const x = a.relevance;
      const y = b.relevance;
      if (rule === "sort") {
        for (const sortRule of sort) {
          const result = compareBy(sortRule, a.document, b.document);
          if (result !== 0) return result;
        }
        return 0;
      }
      if (x && y) {
        if (rule === "words") return y.words - x.words;
        if (rule === "typo") return x.typos - y.typos;
        if (rule === "attribute") return x.attribute - y.attribute;
        if (rule === "exactness") return y.exact - x.exact;
      }
      const custom = /^(.+):(asc|desc)$/.exec(rule);
      if (custom)
        return compareBy({ kind: "field", field: custom[1]!, ascending: custom[2] === "asc" }, a.document, b.document);
      return 0;
    };
    candidates.sort((a, b) => {
      for (const rule of settings.rankingRules) {
        const result = compareRule(rule, a, b);
        if (result !== 0) return result;
      }
      return a.order - b.order;
    });

    const maxTotalHits = settings.pagination.maxTotalHits;
    const limit = typeof params.limit === "number" ? params.limit : 20;
    const offset = typeof params.offset === "number" ? params.offset : 0;
    const reachable = candidates.slice(0, maxTotalHits);
    const page = reachable.slice(offset, offset + limit);

    const displayed = settings.displayedAttributes.includes("*") ? null : new Set(settings.displayedAttributes);
    const retrieve =
      Array.isArray(params.attributesToRetrieve) && !params.attributesToRetrieve.includes("*")
        ? new Set(params.attributesToRetrieve.map(String))
        : null;
    const toHighlight = Array.isArray(params.attributesToHighlight) ? params.attributesToHighlight.map(String) : [];
    const pre = typeof params.highlightPreTag === "string" ? params.highlightPreTag : "<em>";
    const post = typeof params.highlightPostTag === "string" ? params.highlightPostTag : "</em>";
    const geoSort = sort.find((rule): rule is Extract<SortRule, { kind: "geo" }> => rule.kind === "geo");

    const hits = page.map(({ document }) => {
      const hit: JsonObject = {};
      for (const [key, value] of Object.entries(document)) {
        if ((displayed && !displayed.has(key)) || (retrieve && !retrieve.has(key))) continue;
        hit[key] = value;
      }
      if (toHighlight.length > 0) {
        const format = (value: Json, highlighted: boolean): Json => {
          if (typeof value === "string") return highlighted ? highlight(value, terms, pre, post) : value;
          if (typeof value === "number") return String(value);
          if (Array.isArray(value)) return value.map((item) => format(item, highlighted));
          if (isObject(value))
            return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, format(inner, highlighted)]));
          return value;
        };
        hit._formatted = Object.fromEntries(
          Object.entries(hit).map(([key, value]) => [
            key,
            format(value, toHighlight.includes("*") || toHighlight.includes(key)),
          ]),
        );
      }
      const point = documentPoint(document);
      if (geoSort && point) hit._geoDistance = Math.round(haversineMetres(geoSort, point));
      return hit;
    });
    return {
      hits,
      query: q,
      processingTimeMs: Date.now() - started,
      limit,
      offset,
      estimatedTotalHits: reachable.length,
    };
  }

  function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: Json | undefined,
  ): { status: number; body: unknown } {
    const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
    const [root, uid, sub, extra] = parts;
    if (root === "tasks" && uid !== undefined && parts.length === 2 && method === "GET") {
      const task = tasks.get(Number(uid));
      if (!task) throw new MeiliError(404, "task_not_found", `Task \`${uid}\` not found.`);
      return { status: 200, body: taskObject(task) };
    }
    if (root === "multi-search" && parts.length === 1 && method === "POST") {
      if (!isObject(body) || !Array.isArray(body.queries))
        throw new MeiliError(400, "bad_request", "Missing field `queries`");
      if (body.federation !== undefined && body.federation !== null)
        throw new MeiliError(400, "bad_request", "Federated search is not supported by the fake Meilisearch server.");
      const results = body.queries.map((query, position) => {
        try {
          if (!isObject(query) || typeof query.indexUid !== "string")
            throw new MeiliError(400, "missing_index_uid", "Missing field `indexUid`");
          const { indexUid, ...params } = query;
          return { indexUid, ...search(indexUid, params) };
        } catch (error) {
          if (error instanceof MeiliError)
            throw new MeiliError(
              error.status,
              error.code,
              `Inside \`.queries[${position}]\`: ${error.message}`,
              error.type,
            );
          throw error;
        }
      });
      return { status: 200, body: { results } };
    }
    if (root !== "indexes") throw new MeiliError(404, "not_found", "Not found", "invalid_request");
    if (uid === undefined) {
      if (method === "POST") {
        if (!isObject(body) || typeof body.uid !== "string")
          throw new MeiliError(400, "missing_index_uid", "Missing field `uid`");
        const newUid = body.uid;
        if (!/^[A-Za-z0-9_-]{1,400}$/.test(newUid))
          throw new MeiliError(400, "invalid_index_uid", `\`${newUid}\` is not a valid index uid.`);
        const primaryKey = typeof body.primaryKey === "string" ? body.primaryKey : null;
        return enqueue(newUid, "indexCreation", { primaryKey }, () => {
          if (indexes.has(newUid))
            throw new MeiliError(409, "index_already_exists", `Index \`${newUid}\` already exists.`);
          ensureIndex(newUid, primaryKey);
        });
      }
      if (method === "GET") {
        const results = [...indexes.values()].map(({ uid: id, primaryKey, createdAt, updatedAt }) => ({
          uid: id,
          primaryKey,
          createdAt,
          updatedAt,
        }));
        return { status: 200, body: { results, offset: 0, limit: 20, total: results.length } };
      }
    } else if (sub === undefined) {
      if (method === "GET") {
        const index = getIndex(uid);
        return {
          status: 200,
          body: {
            uid: index.uid,
            primaryKey: index.primaryKey,
            createdAt: index.createdAt,
            updatedAt: index.updatedAt,
          },
        };
      }
      if (method === "DELETE") {
        return enqueue(uid, "indexDeletion", { deletedDocuments: 0 }, () => {
          const index = getIndex(uid);
          indexes.delete(uid);
          return { deletedDocuments: index.documents.size };
        });
      }
    } else if (sub === "settings" && extra === undefined) {
      if (method === "GET") {
        const settings = getIndex(uid).settings;
        return { status: 200, body: structuredClone(settings) };
      }
      if (method === "PATCH") return updateSettings(uid, body);
    } else if (sub === "stats" && extra === undefined && method === "GET") {
      const index = getIndex(uid);
      return {
        status: 200,
        body: { numberOfDocuments: index.documents.size, isIndexing: false, fieldDistribution: {} },
      };
    } else if (sub === "search" && extra === undefined && method === "POST") {
      return { status: 200, body: search(uid, isObject(body) ? body : {}) };
    } else if (sub === "documents") {
      if (extra === undefined && method === "POST") return addDocuments(uid, query.primaryKey, body);
      if (extra === undefined && method === "DELETE") {
        return enqueue(
          uid,
          "documentDeletion",
          { providedIds: 0, deletedDocuments: null, originalFilter: null },
          () => {
            const index = getIndex(uid);
            const deletedDocuments = index.documents.size;
            index.documents.clear();
            return { deletedDocuments };
          },
        );
      }
      if (extra === "delete-batch" && method === "POST") {
        if (!Array.isArray(body))
          throw new MeiliError(400, "bad_request", "Invalid value type: expected an array of document ids.");
        const ids = body.map(String);
        return enqueue(
          uid,
          "documentDeletion",
          { providedIds: ids.length, deletedDocuments: null, originalFilter: null },
          () => {
            const index = getIndex(uid);
            let deletedDocuments = 0;
            for (const id of ids) if (index.documents.delete(id)) deletedDocuments++;
            return { deletedDocuments };
          },
        );
      }
      if (extra === undefined && method === "GET") {
        // A page of documents, in the order they were first added, with only the fields asked for.
        const all = [...getIndex(uid).documents.values()];
        const limit = query.limit === undefined ? 20 : Number(query.limit);
        const offset = query.offset === undefined ? 0 : Number(query.offset);
        const fields = query.fields?.split(",").filter(Boolean) ?? null;
        const results = all
          .slice(offset, offset + limit)
          .map((document) => (fields ? Object.fromEntries(fields.map((field) => [field, document[field]])) : document));
        return { status: 200, body: { results, offset, limit, total: all.length } };
      }
      if (extra !== undefined && parts.length === 4 && method === "GET") {
        const document = getIndex(uid).documents.get(extra);
        if (!document) throw new MeiliError(404, "document_not_found", `Document \`${extra}\` not found.`);
        return { status: 200, body: document };
      }
    }
    throw new MeiliError(405, "method_not_allowed", `The fake Meilisearch server does not answer ${method} ${path}.`);
  }

  function authorise(authorization: string | undefined, path: string) {
    if (apiKey === null || path === "/health" || path === "/version") return;
    if (!authorization)
      throw new MeiliError(
        401,
        "missing_authorization_header",
        "The Authorization header is missing. It must use the bearer authorization method.",
        "auth",
      );
    if (authorization !== `Bearer ${apiKey}`)
      throw new MeiliError(403, "invalid_api_key", "The provided API key is invalid.", "auth");
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://fake-meilisearch.local");
      const method = request.method ?? "GET";
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const query = Object.fromEntries(url.searchParams);
      let body: Json | undefined;
      let answer: { status: number; body: unknown };
      try {
        try {
          body = rawBody === "" ? undefined : (JSON.parse(rawBody) as Json);
        } catch {
          throw new MeiliError(400, "malformed_payload", "The json payload provided is malformed.");
        }
        const failure = failures.find((rule) => rule.method === method && rule.path.test(url.pathname));
        if (failure)
          throw new MeiliError(
            failure.status,
            "internal",
            "The fake Meilisearch server was told to fail this request.",
            "internal",
          );
        authorise(request.headers.authorization, url.pathname);
        if (url.pathname === "/health" && method === "GET") answer = { status: 200, body: { status: "available" } };
        else answer = route(method, url.pathname, query, body);
      } catch (error) {
        const failure =
          error instanceof MeiliError ? error : new MeiliError(500, "internal", String(error), "internal");
        answer = { status: failure.status, body: failure.body() };
      }
      requests.push({
        method,
        path: url.pathname,
        query,
        body,
        authorization: request.headers.authorization,
        status: answer.status,
        answer: answer.body,
      });
      response.writeHead(answer.status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Meilisearch has no port");

  return {
    url: `http://127.0.0.1:${address.port}`,
    apiKey,
    /** Every request received, oldest first. */
    requests,
    /** The recorded requests of one method and path (a string for an exact path, or a pattern). */
    requestsTo(method: string, path: string | RegExp) {
      return requests.filter(
        (request) =>
          request.method === method && (typeof path === "string" ? request.path === path : path.test(request.path)),
      );
    },
    /** An index's stored documents and settings, for assertions. */
    index(uid: string) {
      return indexes.get(uid);
    },
    /** Makes every request of `method` to a path matching `path` answer `status` with an internal error. */
    fail(method: string, path: RegExp, status = 500) {
      failures.push({ method, path, status });
    },
    /** Makes the next task whose type matches fail with this error (once). */
    failNextTask(type: RegExp, code = "internal", message = "The fake Meilisearch server was told to fail this task.") {
      taskFailures.push({ type, code, message });
    },
    /** Forgets recorded requests and forced failures (and, with `everything`, indexes and tasks). */
    reset({ everything = false } = {}) {
      requests.length = 0;
      failures = [];
      taskFailures = [];
      if (everything) {
        indexes.clear();
        tasks.clear();
      }
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export type FakeMeilisearch = Awaited<ReturnType<typeof startFakeMeilisearch>>;
