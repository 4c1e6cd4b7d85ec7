import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import en from "./en.json";

// Every text a person reads comes from the locale files. This reads the source of
// every page and component and fails on words written into it: JSX text, the
// attributes a person reads or hears (aria-label, placeholder, title, alt...),
// strings rendered as children, and toast titles. It also fails on a translation
// key that no locale has, written as a literal t("...") or as a key in a table.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The product's source files in git, tests left out. */
const sources = execFileSync("git", ["ls-files", "app"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"));

const READ_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-placeholder",
  "aria-roledescription",
  "placeholder",
  "title",
  "alt",
  "label",
  "description",
]);
const TOAST_FIELDS = new Set(["title", "description"]);
/** A word: two letters in a row. '→', '·', '₦', '%' and numbers are not words. */
const hasWord = (text: string) => /\p{L}{2,}/u.test(text);

type Finding = string;

function stringValue(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
  return undefined;
}

/** The strings an expression can render as text: itself, either branch of a ?:, the right of && || ??. */
function renderedStrings(node: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(node)) return renderedStrings(node.expression);
  if (ts.isConditionalExpression(node)) return [...renderedStrings(node.whenTrue), ...renderedStrings(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
      node.operatorToken.kind,
    )
  ) {
    return renderedStrings(node.right);
  }
  return stringValue(node) === undefined ? [] : [node];
}

/** The words written into one file's JSX and toasts. */
function literalTexts(file: string, source: ts.SourceFile): Finding[] {
  const found: Finding[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWord(node.text)) found.push(`${where(node)} text ${JSON.stringify(node.text.trim())}`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const initializer = node.initializer;
      const values = ts.isJsxExpression(initializer)
        ? initializer.expression
          ? renderedStrings(initializer.expression)
          : []
        : [initializer];
      for (const value of values) {
        const text = stringValue(value);
        if (text !== undefined && hasWord(text))
          found.push(`${where(node)} ${node.name.getText(source)}=${JSON.stringify(text)}`);
      }
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      for (const value of renderedStrings(node.expression)) {
        const text = stringValue(value);
        if (text !== undefined && hasWord(text)) found.push(`${where(node)} child ${JSON.stringify(text)}`);
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "toast") {
      const [options] = node.arguments;
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const property of options.properties) {
          if (!ts.isPropertyAssignment(property) || !TOAST_FIELDS.has(property.name.getText(source))) continue;
          for (const value of renderedStrings(property.initializer)) {
            const text = stringValue(value);
            if (text !== undefined && hasWord(text)) found.push(`${where(property)} toast ${JSON.stringify(text)}`);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

type Tree = { [key: string]: string | Tree };
const KEYS = new Set<string>();
(function collect(tree: Tree, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") {
      KEYS.add(full);
      // A text with plural forms ("tries_one", "tries_other") is asked for by its name and a count.
      const plural = /^(.+)_(zero|one|two|few|many|other)$/.exec(full);
      if (plural) KEYS.add(plural[1]!);
    } else collect(value, full);
  }
})(en as Tree, "");
const SECTIONS = new Set(Object.keys(en));
/** A string shaped like a key of ours: a locale section, a dot, then names. */
const looksLikeKey = (text: string) =>
  /^[a-z][A-Za-z]*(\.[A-Za-z0-9_]+)+$/.test(text) && SECTIONS.has(text.split(".")[0]!);

/** Keys written in full (t("a.b"), i18nKey="a.b", { label: "a.b" }) that no locale has. */
function unknownKeys(file: string, source: ts.SourceFile): Finding[] {
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    const symbolName =
      node.parent !== undefined &&
      ts.isCallExpression(node.parent) &&
      node.parent.expression.getText(source) === "Symbol.for";
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      looksLikeKey(node.text) &&
      !KEYS.has(node.text) &&
      !symbolName
    ) {
      // A prefix that code completes (`${prefix}.${name}`) is a section, not a key: those are objects in the locale.
      const isSection = [...KEYS].some((key) => key.startsWith(`${node.text}.`));
      if (!isSection)
        found.push(
          `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${JSON.stringify(node.text)}`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Refusals and API errors that carry words instead of a translation key (the answer would be English in every language). */
function literalRefusals(file: string, source: ts.SourceFile): Finding[] {
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ["Refusal", "notFound", "apiError"].includes(node.expression.getText(source))
    ) {
      // new Refusal(code, message, options), notFound(code, message, options), apiError(status, code, message)
      const message = node.arguments?.[node.expression.getText(source) === "apiError" ? 2 : 1];
      const text = stringValue(message);
      if (message && text !== undefined && !/^[a-z][A-Za-z]*(\.[A-Za-z0-9_]+)+$/.test(text)) {
        found.push(
          `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${message.getText(source).slice(0, 80)}`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function parse(file: string) {
  return ts.createSourceFile(
    file,
    readFileSync(path.join(ROOT, file), "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

describe("texts in the source", () => {
  it("finds the pages and components", () => {
    expect(sources.filter((file) => file.endsWith(".tsx")).length).toBeGreaterThan(60);
    expect(sources).toContain("app/components/voice/voice-widget.tsx");
  });

  // Each reads every source file: a few seconds, many more on a busy two-core machine (a net, not a speed check).
  const EVERY_FILE_MS = 60_000;

  it(
    "writes no words into JSX, read attributes or toasts: they come from the locale files",
    () => {
      const found = sources.filter((file) => file.endsWith(".tsx")).flatMap((file) => literalTexts(file, parse(file)));
      expect(found).toEqual([]);
    },
    EVERY_FILE_MS,
  );

  it(
    "uses no translation key that the locale files lack",
    () => {
      const found = sources.flatMap((file) => unknownKeys(file, parse(file)));
      expect(found).toEqual([]);
    },
    EVERY_FILE_MS,
  );

  it("refuses with translation keys, so every error answers in the reader's language", () => {
    const found = sources.flatMap((file) => literalRefusals(file, parse(file)));
    expect(found).toEqual([]);
  });

  it("would notice English written into a component", () => {
    const careless = ts.createSourceFile(
      "careless.tsx",
      `export const A = ({ ok }: { ok: boolean }) => (<div aria-label="Close menu" title={ok ? t("common.close") : "Open it"}>Hello farmer{" "}{ok ? "Saved" : null}{toast({ title: "Done", description: t("common.save") })}→ 5 km{t("nav.nowhere")}</div>);`,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    expect(literalTexts("careless.tsx", careless)).toEqual([
      'careless.tsx:1 aria-label="Close menu"',
      'careless.tsx:1 title="Open it"',
      'careless.tsx:1 text "Hello farmer"',
      'careless.tsx:1 child "Saved"',
      'careless.tsx:1 toast "Done"',
      'careless.tsx:1 text "→ 5 km"',
    ]);
    expect(unknownKeys("careless.tsx", careless)).toEqual(['careless.tsx:1 "nav.nowhere"']);
    const refusing = ts.createSourceFile(
      "refusing.ts",
      'throw new Refusal("VLD_REQUIRED_FIELD", `Use ${x}`); new Refusal("AUTH_SESSION_EXPIRED", "errors.unauthorized"); notFound("DB_RECORD_NOT_FOUND", "Gone"); apiError(500, "SYS_INTERNAL_ERROR", "errors.unexpected");',
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TS,
    );
    expect(literalRefusals("refusing.ts", refusing)).toEqual(["refusing.ts:1 `Use ${x}`", 'refusing.ts:1 "Gone"']);
  });
});
