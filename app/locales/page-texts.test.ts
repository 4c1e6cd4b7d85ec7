import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { i18n } from "i18next";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import { PAGE_TEXT_GROUPS, type PageTextGroup } from "./page-text-groups";
import { createPageTextStore, definePageTexts, type TextLoaders } from "./page-texts";

const app = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = sourceFiles(app);
const sources = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));

/** The code of a file without its comments (a comment naming a text says nothing). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** The files of app/ a file imports, statically or lazily (not types alone: they are gone once built). */
function importsOf(file: string): string[] {
  const code = withoutComments(sources.get(file)!);
  const specifiers = [
    ...[...code.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']/gm)]
      .filter((match) => !match[1])
      .map((match) => match[2]!),
    ...[...code.matchAll(/^\s*import\s+["']([^"']+)["']/gm)].map((match) => match[1]!),
    ...[...code.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]!),
  ];
  const found: string[] = [];
  for (const specifier of specifiers) {
    const base = specifier.startsWith("~/")
      ? path.join(app, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : null;
    if (!base) continue;
    const resolved = [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      path.join(base, "index.ts"),
      path.join(base, "index.tsx"),
    ].find((candidate) => sources.has(candidate));
    if (resolved) found.push(resolved);
  }
  return found;
}

/** Whether the file names a text of the group (a key that exists, or one built at run time). */
function saysGroup(source: string, group: PageTextGroup): boolean {
  const texts = en[group] as Record<string, unknown>;
  for (const match of source.matchAll(new RegExp(`["'\`]${group}\\.(\\$\\{|[A-Za-z_][\\w]*)`, "g"))) {
    if (match[1] === "${" || match[1]! in texts) return true;
  }
  return false;
}

function closure(file: string): Set<string> {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...importsOf(next));
  }
  return seen;
}

/** Pages: the root and every route module with a component. */
const pages = [
  path.join(app, "root.tsx"),
  ...files.filter((file) => file.includes(`${path.sep}routes${path.sep}`) && /export default/.test(sources.get(file)!)),
];

describe("texts only some pages say", () => {
  it("are groups of the texts, each with its module loading that group in every language", () => {
    const modules = readdirSync(path.join(app, "locales/page-texts")).map((name) => name.replace(/\.ts$/, ""));
    expect(modules.sort()).toEqual([...PAGE_TEXT_GROUPS].sort());
    for (const group of PAGE_TEXT_GROUPS) {
      expect(en, group).toHaveProperty(group);
      const source = readFileSync(path.join(app, `locales/page-texts/${group}.ts`), "utf8");
      expect(source.replace(/\s+/g, " ").replace(/\( /g, "(")).toContain(
        `definePageTexts("${group}", import.meta.glob("../*.json", { query: "?texts=${group}"`,
      );
    }
  });

  // A page that could say a text of such a group (it, or code it imports, names one) must name
  // the group in its handle, or it would show the text's name instead of the text.
  it("are named by every page whose code says one", () => {
    const missing: string[] = [];
    for (const page of pages) {
      const reachable = [...closure(page)];
      for (const group of PAGE_TEXT_GROUPS) {
        const sayers = reachable.filter((file) => saysGroup(withoutComments(sources.get(file)!), group));
        if (sayers.length === 0) continue;
        const source = sources.get(page)!;
        const named = source.includes(`from "~/locales/page-texts/${group}"`) && /texts:\s*pageTexts\(/.test(source);
        if (!named)
          missing.push(
            `${path.relative(app, page)} says "${group}" texts (${sayers.map((file) => path.relative(app, file)).join(", ")}) without naming the group in its handle`,
          );
      }
    }
    expect(missing).toEqual([]);
  });

  it("are not said by the shell every page carries", () => {
    // The root names none: they would be in every page again.
    expect(sources.get(path.join(app, "root.tsx"))).not.toContain("~/locales/page-texts/");
  });
});

describe("the page text store", () => {
  /** A group whose files answer when told to, and an i18next stand-in recording what it was given. */
  function setUp() {
    const answers = new Map<string, (texts: unknown) => void>();
    const failures = new Map<string, (error: Error) => void>();
    const asked: string[] = [];
    const loaders: TextLoaders = Object.fromEntries(
      ["en", "ha", "yo"].map((language) => [
        `../${language}.json`,
        () => {
          asked.push(language);
          return new Promise((resolve, reject) => {
            answers.set(language, resolve);
            failures.set(language, reject);
          });
        },
      ]),
    );
    const given: { language: string; bundle: unknown }[] = [];
    const instance = {
      language: "ha",
      addResourceBundle(language: string, _ns: string, bundle: unknown) {
        given.push({ language, bundle });
      },
    } as unknown as i18n;
    return { answers, failures, asked, loaders, given, instance, group: definePageTexts("mapping", loaders) };
  }

  it("loads a group in the reader's language and English once, and gives it to i18next once attached", async () => {
    const { answers, asked, given, instance, group } = setUp();
    const store = createPageTextStore();
    const waiting = store.request([group], "ha");
    expect(waiting).toBeInstanceOf(Promise);
    // Asked again while on its way: no second load.
    expect(store.request([group], "ha")).toBeInstanceOf(Promise);
    expect(asked).toEqual(["ha", "en"]);
    answers.get("ha")!({ title: "Taswira" });
    answers.get("en")!({ title: "Map" });
    await waiting;
    // Not attached yet: kept until i18next is there, then given to it.
    expect(given).toEqual([]);
    await store.attach(instance);
    expect(given).toEqual([
      { language: "ha", bundle: { mapping: { title: "Taswira" } } },
      { language: "en", bundle: { mapping: { title: "Map" } } },
    ]);
    // Loaded: nothing to wait for.
    expect(store.request([group], "ha")).toBeNull();
    expect(store.language()).toBe("ha");
  });

  it("attaching waits for groups still on their way, which go straight to i18next", async () => {
    const { answers, given, instance, group } = setUp();
    const store = createPageTextStore();
    void store.request([group], "en");
    let attached = false;
    const attaching = store.attach(instance).then(() => (attached = true));
    await Promise.resolve();
    expect(attached).toBe(false);
    answers.get("en")!({ title: "Map" });
    await attaching;
    expect(given).toEqual([{ language: "en", bundle: { mapping: { title: "Map" } } }]);
  });

  it("a change of language loads every group asked for so far in the new language", async () => {
    const { answers, asked, instance, group } = setUp();
    const store = createPageTextStore();
    await store.attach(instance);
    const first = store.request([group], "en")!;
    answers.get("en")!({ title: "Map" });
    await first;
    const switching = store.loadFor("yo");
    expect(asked).toEqual(["en", "yo"]);
    answers.get("yo")!({ title: "Maapu" });
    await switching;
    expect(store.request([group], "yo")).toBeNull();
  });

  it("a file that fails to load is not waited for again (the page says the texts' names, never hangs)", async () => {
    const { failures, asked, instance, group } = setUp();
    const store = createPageTextStore();
    await store.attach(instance);
    const waiting = store.request([group], "en")!;
    failures.get("en")!(new Error("offline"));
    await expect(waiting).resolves.toBeUndefined();
    expect(store.request([group], "en")).toBeNull();
    expect(asked).toEqual(["en"]);
  });

  it("a language without a file of the group is settled at once", () => {
    const store = createPageTextStore();
    const group = definePageTexts("legal", {});
    expect(store.request([group], "ig")).toBeNull();
  });
});
