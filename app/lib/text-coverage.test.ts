import { describe, expect, it } from "vitest";
import { z } from "zod";
import { text, textChecked } from "./text";

// Every string that any schema of the product accepts is a text() (text.ts),
// so NUL and lone surrogates are refused (or, for error reports, replaced)
// and lengths are checked as stored. A new schemas.ts under app/modules is
// found here by itself; a bare z.string() in it fails this test.

const modules: Record<string, Record<string, unknown>> = {
  ...import.meta.glob<Record<string, unknown>>("../modules/**/schemas.ts", { eager: true }),
  ...import.meta.glob<Record<string, unknown>>("../jobs/queues.ts", { eager: true }),
};

const isSchema = (value: unknown): value is z.ZodType => typeof value === "object" && value !== null && "_zod" in value;

/** The paths of the string schemas inside a schema that are not a text(). */
function bareStrings(
  schema: z.ZodType,
  path: string,
  seen = new Set<unknown>(),
  found: { bare: string[]; strings: number } = { bare: [], strings: 0 },
) {
  if (seen.has(schema)) return found;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const visit = (child: unknown, at: string) => isSchema(child) && bareStrings(child, at, seen, found);
  switch (def.type) {
    case "string":
      found.strings += 1;
      if (!textChecked(schema)) found.bare.push(path);
      break;
    case "object":
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) visit(child, `${path}.${key}`);
      visit(def.catchall, `${path}[*]`);
      break;
    case "array":
      visit(def.element, `${path}[]`);
      break;
    case "record":
    case "map":
      visit(def.keyType, `${path}{key}`);
      visit(def.valueType, `${path}{value}`);
      break;
    case "set":
      visit(def.valueType, `${path}{value}`);
      break;
    case "union":
      (def.options as unknown[]).forEach((option, index) => visit(option, `${path}|${index}`));
      break;
    case "intersection":
      visit(def.left, path);
      visit(def.right, path);
      break;
    case "tuple":
      (def.items as unknown[]).forEach((item, index) => visit(item, `${path}[${index}]`));
      visit(def.rest, `${path}[...]`);
      break;
    case "pipe":
      visit(def.in, path);
      visit(def.out, path);
      break;
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional...
      visit(def.innerType, path);
  }
  return found;
}

describe("every string of every schema is a text()", () => {
  const schemas = Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports).flatMap(([name, value]) => {
      if (isSchema(value)) return [[`${file}:${name}`, value] as const];
      // Maps of schemas, such as the job payloads of each queue.
      if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        return Object.entries(value)
          .filter(([, item]) => isSchema(item))
          .map(([key, item]) => [`${file}:${name}.${key}`, item as z.ZodType] as const);
      }
      return [];
    }),
  );

  it("finds the product's schemas", () => {
    const names = schemas.map(([name]) => name.split(":")[1]);
    expect(names).toEqual(
      expect.arrayContaining([
        "loginSchema",
        "registerSchema",
        "listingSchema",
        "listingQuerySchema",
        "productSchema",
        "productQuerySchema",
        "frontendErrorReportSchema",
      ]),
    );
    // The walk reaches into objects, unions, records, pipes and wrappers: it sees the strings there are.
    const strings = schemas.reduce((sum, [name, schema]) => sum + bareStrings(schema, name).strings, 0);
    expect(strings).toBeGreaterThan(40);
  });

  it.each(schemas.map(([name, schema]) => [name, schema]))("%s", (name, schema) => {
    expect(bareStrings(schema, name).bare).toEqual([]);
  });

  it("would notice a bare z.string()", () => {
    const careless = z.object({
      ok: text({ max: 5 }),
      note: z.string().max(10).optional(),
      tags: z.array(z.preprocess((v) => v, z.string())),
    });
    expect(bareStrings(careless, "careless")).toEqual({ bare: ["careless.note", "careless.tags[]"], strings: 3 });
  });
});
