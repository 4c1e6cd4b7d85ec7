import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Every route file says who may enter, where a reader looks first: each loader,
// action and /api handler begins with a gate of app/modules/auth/gates.server.ts
// (requireUser, requireAdmin, requireFeature), or carries a `// Public:` comment
// saying why it is open. A page action written as a table of intents
// (pageActions, app/server/http/page-actions.server.ts) is gated when every
// intent names its gate, or says why it is open with a `// Public:` comment
// of its own. A route without either fails here, so a new route cannot be
// born unguarded by accident.

const ROUTES = path.resolve(__dirname);
const GATES = new Set(["requireUser", "requireAdmin", "requireFeature", "requireProviderCallback", "requireDemoPhone"]);
const PUBLIC = /\/\/\s*Public:\s*\S/;

type Entry = { name: string; node: ts.Node; body: ts.Block | undefined; gated?: boolean };

function routeFiles() {
  return readdirSync(ROUTES)
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file))
    .sort();
}

/** The comments written just before a node, or at the top of its body. */
function commentsOf(source: ts.SourceFile, node: ts.Node, body?: ts.Block) {
  const text = source.getFullText();
  const ranges = [
    ...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []),
    ...(body ? (ts.getLeadingCommentRanges(text, body.statements[0]?.getFullStart() ?? body.end) ?? []) : []),
  ];
  return ranges.map((range) => text.slice(range.pos, range.end)).join("\n");
}

/** `await requireX(...)`, alone or assigned: the name of the gate, if the statement is one. */
function gateOf(statement: ts.Statement | undefined): string | null {
  if (!statement) return null;
  let expression: ts.Expression | undefined;
  if (ts.isVariableStatement(statement)) expression = statement.declarationList.declarations[0]?.initializer;
  else if (ts.isExpressionStatement(statement)) expression = statement.expression;
  if (!expression || !ts.isAwaitExpression(expression)) return null;
  const call = expression.expression;
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return null;
  return GATES.has(call.expression.text) ? call.expression.text : null;
}

/** A call of a gate: `requireX(...)`, or `await requireX(...)`. */
function isGateCall(expression: ts.Expression | undefined): boolean {
  if (expression && ts.isAwaitExpression(expression)) return isGateCall(expression.expression);
  return (
    expression !== undefined &&
    ts.isCallExpression(expression) &&
    ts.isIdentifier(expression.expression) &&
    GATES.has(expression.expression.text)
  );
}

/**
 * An intent's `gate`: a gate itself, a function whose whole work is calling one
 * (`(request) => requireUser(request, ...)`), or a constant of the file that is such a function
 * (several intents sharing a gate and its limits).
 */
function namesGate(gate: ts.Expression | undefined, constants: Map<string, ts.Expression>, depth = 0): boolean {
  if (!gate || depth > 2) return false;
  if (ts.isIdentifier(gate)) {
    if (GATES.has(gate.text)) return true;
    return namesGate(constants.get(gate.text), constants, depth + 1);
  }
  if (!ts.isArrowFunction(gate) && !ts.isFunctionExpression(gate)) return false;
  if (!ts.isBlock(gate.body)) return isGateCall(gate.body);
  const [only] = gate.body.statements;
  return (
    gate.body.statements.length === 1 && only !== undefined && ts.isReturnStatement(only) && isGateCall(only.expression)
  );
}

/** The file's top-level constants, by name. */
function constantsOf(source: ts.SourceFile) {
  const constants = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer)
        constants.set(declaration.name.text, declaration.initializer);
    }
  }
  return constants;
}

/** The intents of `pageActions({ name: intent({ gate, ... }), ... })`, each gated when it names its gate. */
function intentsOf(call: ts.CallExpression, constants: Map<string, ts.Expression>): Entry[] {
  const table = call.arguments[0];
  // A table kept elsewhere cannot be read here: its intents are written out where the action is.
  if (!table || !ts.isObjectLiteralExpression(table))
    return [{ name: "action's intents (not written out)", node: call, body: undefined, gated: false }];
  return table.properties.map((property) => {
    const name = `action's intent "${property.name?.getText() ?? "?"}"`;
    let spec = ts.isPropertyAssignment(property) ? property.initializer : undefined;
    if (spec && ts.isCallExpression(spec) && ts.isIdentifier(spec.expression) && spec.expression.text === "intent") {
      spec = spec.arguments[0];
    }
    const gate =
      spec && ts.isObjectLiteralExpression(spec)
        ? spec.properties.find(
            (field): field is ts.PropertyAssignment =>
              ts.isPropertyAssignment(field) && ts.isIdentifier(field.name) && field.name.text === "gate",
          )?.initializer
        : undefined;
    return { name, node: property, body: undefined, gated: namesGate(gate, constants) };
  });
}

function bodyOf(node: ts.Node | undefined): ts.Block | undefined {
  if (!node) return undefined;
  if ((ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.body) {
    return ts.isBlock(node.body) ? node.body : undefined;
  }
  return undefined;
}

/** The loaders, actions and /api handlers a route file defines. */
function entriesOf(source: ts.SourceFile): Entry[] {
  const entries: Entry[] = [];
  const constants = constantsOf(source);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && ["loader", "action"].includes(node.name.text)) {
      const exported = node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
      if (exported) entries.push({ name: node.name.text, node, body: bodyOf(node) });
    }
    if (ts.isVariableStatement(node) && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      for (const declaration of node.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !["loader", "action"].includes(declaration.name.text)) continue;
        const value = declaration.initializer;
        // `export const loader = route.loader`: the handlers of apiRoute({...}) are the entries.
        if (value && ts.isPropertyAccessExpression(value) && value.name.text === declaration.name.text) continue;
        // `export const action = pageActions({...})`: its intents are.
        if (value && ts.isCallExpression(value) && ts.isIdentifier(value.expression)) {
          if (value.expression.text === "pageActions") continue;
        }
        entries.push({ name: declaration.name.text, node, body: bodyOf(value) });
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "apiRoute") {
      const handlers = node.arguments[0];
      if (handlers && ts.isObjectLiteralExpression(handlers)) {
        for (const property of handlers.properties) {
          if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
          entries.push({ name: property.name.text, node: property, body: bodyOf(property.initializer) });
        }
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "pageActions") {
      entries.push(...intentsOf(node, constants));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return entries;
}

/** What is wrong with a route file's gates: nothing, when every entry is gated or says why it is public. */
export function ungatedEntries(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const entries = entriesOf(source);
  if (entries.length === 0) {
    return PUBLIC.test(text) ? [] : [`${file}: no loader or action, and no "// Public:" comment saying why`];
  }
  return entries
    .filter(
      ({ node, body, gated }) =>
        !(gated ?? gateOf(body?.statements[0]) !== null) && !PUBLIC.test(commentsOf(source, node, body)),
    )
    .map(({ name, gated }) =>
      gated === undefined
        ? `${file}: ${name} starts with neither a gate nor a "// Public:" comment`
        : `${file}: ${name} names no gate and has no "// Public:" comment`,
    );
}

describe("route gates", () => {
  it("every loader, action and /api handler begins with its gate or says why it is public", () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(40);
    const problems = files.flatMap((file) => ungatedEntries(file, readFileSync(path.join(ROUTES, file), "utf8")));
    expect(problems).toEqual([]);
  });

  it("takes the gates from the one gates module", () => {
    const strays = routeFiles().filter((file) => {
      const text = readFileSync(path.join(ROUTES, file), "utf8");
      const usesGate = [...GATES].some((gate) => new RegExp(`\\b${gate}\\(`).test(text));
      return usesGate && !text.includes('from "~/modules/auth/gates.server"');
    });
    expect(strays).toEqual([]);
  });

  it("finds what is missing", () => {
    const ungated = `
      import { apiRoute } from "~/server/http/api-route.server";
      const route = apiRoute({
        GET: async ({ request }) => {
          const user = await requireUser(request);
          return Response.json(user);
        },
        // Public: anyone may post
        POST: async () => Response.json({}),
        DELETE: async ({ request }) => {
          const body = await request.json();
          return Response.json(body);
        },
      });
      export const loader = route.loader;
      export const action = route.action;
      export async function somethingElse() {}
    `;
    expect(ungatedEntries("api.example.ts", ungated)).toEqual([
      'api.example.ts: DELETE starts with neither a gate nor a "// Public:" comment',
    ]);
    const page = `
      export async function loader({ request }) {
        const { user } = await requireFeature(request, "asiiko_ai");
        return user;
      }
      export async function action({ request }) {
        const form = await request.formData();
        await requireUser(request);
        return form;
      }
    `;
    expect(ungatedEntries("_app.example.tsx", page)).toEqual([
      '_app.example.tsx: action starts with neither a gate nor a "// Public:" comment',
    ]);
    const table = `
      const moveGate = (request: Request) => requireUser(request, { limits: perUser(MOVES) });
      const notAGate = (request: Request) => getSessionUser(request);
      export const action = pageActions({
        accept: intent({ gate: moveGate, run: async () => null }),
        peek: intent({ gate: notAGate, run: async () => null }),
        rename: intent({ gate: (request) => requireUser(request, { limits: perUser(LIMIT) }), run: async () => null }),
        pay: intent({ gate: async (request) => requireFeature(request, "asiiko_ai"), run: async () => null }),
        // Public: a visitor's newsletter sign-up
        subscribe: intent({ run: async () => null }),
        remove: intent({ run: async ({ request }) => { await requireUser(request); return null; } }),
        look: intent({ gate: (request) => getSessionUser(request), run: async () => null }),
        stop: intent({
          gate: async (request) => {
            await somethingFirst(request);
            return requireUser(request);
          },
          run: async () => null,
        }),
      });
    `;
    expect(ungatedEntries("_app.table.tsx", table)).toEqual([
      '_app.table.tsx: action\'s intent "peek" names no gate and has no "// Public:" comment',
      '_app.table.tsx: action\'s intent "remove" names no gate and has no "// Public:" comment',
      '_app.table.tsx: action\'s intent "look" names no gate and has no "// Public:" comment',
      '_app.table.tsx: action\'s intent "stop" names no gate and has no "// Public:" comment',
    ]);
    expect(ungatedEntries("_app.table.tsx", "export const action = pageActions(INTENTS);")).toEqual([
      '_app.table.tsx: action\'s intents (not written out) names no gate and has no "// Public:" comment',
    ]);
    expect(ungatedEntries("_app.static.tsx", "export default function Page() { return null; }")).toEqual([
      '_app.static.tsx: no loader or action, and no "// Public:" comment saying why',
    ]);
    expect(ungatedEntries("_app.static.tsx", "// Public: no data of anyone's\nexport default function P() {}")).toEqual(
      [],
    );
  });
});
