import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { resourceRouteChunks } from "./resource-route-chunks";

// The client build's warnings: an empty chunk that is a resource route's browser module is dropped,
// every other empty chunk and every other warning is still shown.

type OnLog = (this: unknown, level: Rollup.LogLevel, log: Rollup.RollupLog) => boolean | void;
type GenerateBundle = (
  this: { warn: (message: string) => void },
  options: unknown,
  bundle: Rollup.OutputBundle,
) => void;

const emptyChunk = (name: string): Rollup.RollupLog => ({
  code: "EMPTY_BUNDLE",
  message: `Generated an empty chunk: "${name}".`,
  names: [name],
});

function chunk(name: string, facadeModuleId: string | null, exports: string[], isEntry = true) {
  return { type: "chunk", name, fileName: `assets/${name}.js`, facadeModuleId, exports, isEntry } as Rollup.OutputChunk;
}

function build(logs: Rollup.RollupLog[], bundle: Rollup.OutputChunk[]) {
  const plugin = resourceRouteChunks();
  const onLog = plugin.onLog as OnLog;
  const generateBundle = plugin.generateBundle as GenerateBundle;
  const passed = logs.filter((log) => onLog.call({}, "warn", log) !== false);
  const warned: string[] = [];
  generateBundle.call(
    { warn: (message) => warned.push(message) },
    {},
    Object.fromEntries(bundle.map((each) => [each.fileName, each])),
  );
  return { passed, warned };
}

const ROUTE = "/repo/app/routes";

describe("resourceRouteChunks", () => {
  it("drops the empty chunk of a route whose browser module exports nothing", () => {
    const { passed, warned } = build(
      [emptyChunk("api._"), emptyChunk("logout")],
      [
        chunk("api._", `${ROUTE}/api.$.ts?__remix-build-client-route`, []),
        chunk("logout", `${ROUTE}/logout.tsx?__remix-build-client-route`, []),
      ],
    );
    expect(passed).toEqual([]);
    expect(warned).toEqual([]);
  });

  it("still reports any other empty chunk, in Rollup's words", () => {
    const { warned } = build(
      [emptyChunk("lazy"), emptyChunk("entry.client"), emptyChunk("_app.page")],
      [
        chunk("lazy", "/repo/app/components/lazy.ts", [], false),
        chunk("entry.client", "/repo/app/entry.client.tsx", []),
        chunk("_app.page", `${ROUTE}/_app.page.tsx?__remix-build-client-route`, ["default"]),
      ],
    );
    expect(warned).toEqual([
      'Generated an empty chunk: "lazy".',
      'Generated an empty chunk: "entry.client".',
      'Generated an empty chunk: "_app.page".',
    ]);
  });

  it("passes every other warning on as it comes", () => {
    const other: Rollup.RollupLog = { code: "CIRCULAR_DEPENDENCY", message: "Circular dependency: a -> b -> a" };
    const { passed, warned } = build([other], []);
    expect(passed).toEqual([other]);
    expect(warned).toEqual([]);
  });
});
