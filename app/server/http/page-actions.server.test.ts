import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { text } from "~/lib/text";
import { z } from "~/lib/zod";
import { Refusal } from "~/server/refusal";
import { intent, pageActions } from "./page-actions.server";

// The page action's table: the intent picks the gate, the gate comes before the schema, and the
// answers are the PageReplies the pages gave when each wrote this by hand.

const post = (fields: Record<string, string>) =>
  ({
    request: new Request("http://asiiko.test/things", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
    params: {},
    context: {},
  }) as unknown as ActionFunctionArgs;

/** What data() wraps: the reply and its status. */
const unwrap = (answer: unknown) => answer as { data: unknown; init: { status?: number } | null };

const nameSchema = z.object({ name: text({ min: 1, max: 10, required: "things.errors.name" }) });
const seen: string[] = [];

const action = pageActions({
  rename: intent({
    gate: async () => ({ id: "user-1" }),
    input: { form: nameSchema },
    run: async ({ user, input }) => {
      if (input.name === "taken")
        throw new Refusal("DB_CONSTRAINT_VIOLATION", "Taken", { fields: { name: ["Taken"] } });
      return { intent: "rename" as const, result: { status: "success" as const }, data: `${user.id}:${input.name}` };
    },
  }),
  count: intent({
    gate: async () => {
      seen.push("gate");
      return { id: "user-2" };
    },
    input: {
      schema: z.strictObject({ count: z.number({ error: "things.errors.count" }).int("things.errors.count") }),
      fields: (form) => ({ count: Number(form.get("count")) }),
      coder: () => "VLD_INVALID_QUANTITY",
    },
    run: async ({ input }) => ({ intent: "count" as const, result: { status: "success" as const }, data: input.count }),
  }),
  limited: intent({
    gate: async (): Promise<{ id: string }> => {
      throw new Refusal("RATE_LIMIT_EXCEEDED", "Slow down", { headers: { "Retry-After": "60" } });
    },
    input: { form: nameSchema },
    run: async () => {
      seen.push("limited ran");
      return null;
    },
  }),
  away: intent({
    gate: async (): Promise<{ id: string }> => {
      throw redirect("/auth");
    },
    run: async () => null,
  }),
  // Public: the test's open intent
  open: intent({ run: async ({ user, form }) => ({ user: user ?? null, note: form.get("note") }) }),
});

describe("pageActions", () => {
  it("refuses an intent the page does not have, or none, with 400", async () => {
    const asked: Record<string, string>[] = [{ intent: "nothing" }, {}, { intent: "toString" }];
    for (const fields of asked) {
      const answer = await action(post(fields)).catch((error: unknown) => error);
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(400);
      expect(await (answer as Response).text()).toBe("Unknown intent");
    }
  });

  it("runs the intent with its gate's user and its schema's input", async () => {
    expect(await action(post({ intent: "rename", name: " Ada " }))).toEqual({
      intent: "rename",
      result: { status: "success" },
      data: "user-1:Ada",
    });
    expect(await action(post({ intent: "count", count: "3" }))).toMatchObject({ data: 3 });
    expect(await action(post({ intent: "open", note: "hello" }))).toEqual({ user: null, note: "hello" });
  });

  it("answers a form that fails its schema with 400 and the errors on its fields", async () => {
    const { data, init } = unwrap(await action(post({ intent: "rename", name: "" })));
    expect(init?.status).toBe(400);
    expect(data).toMatchObject({
      intent: "rename",
      result: { status: "error", error: { name: ["things.errors.name"] } },
    });
  });

  it("shows a module's refusal of a field on that field", async () => {
    const { data, init } = unwrap(await action(post({ intent: "rename", name: "taken" })));
    expect(init?.status).toBe(409);
    expect(data).toMatchObject({
      intent: "rename",
      result: { status: "error", error: { name: ["Taken"] } },
      refusal: { code: "DB_CONSTRAINT_VIOLATION", message: "Taken" },
    });
  });

  it("refuses fields that fail a module's schema as a refusal, with the coder's code", async () => {
    seen.length = 0;
    const { data, init } = unwrap(await action(post({ intent: "count", count: "1.5" })));
    expect(seen).toEqual(["gate"]);
    expect(init?.status).toBe(400);
    expect(data).toMatchObject({ intent: "count", refusal: { code: "VLD_INVALID_QUANTITY" } });
  });

  it("lets the gate refuse before the form is checked, as the form's reply", async () => {
    seen.length = 0;
    const { data, init } = unwrap(await action(post({ intent: "limited", name: "Ada" })));
    expect(seen).toEqual([]);
    expect(init?.status).toBe(429);
    expect(data).toMatchObject({ intent: "limited", refusal: { code: "RATE_LIMIT_EXCEEDED", message: "Slow down" } });
    // A form with a fixed schema keeps what was typed, as when the refusal came from the module.
    expect(data).toMatchObject({ result: { status: "error", initialValue: { name: "Ada" } } });
  });

  it("follows the gate's redirect to sign in", async () => {
    const answer = await action(post({ intent: "away" })).catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/auth");
  });

  it("keeps the form's cap", async () => {
    const capped = pageActions({ open: intent({ run: async () => "ran" }) }, { maxBytes: 64 });
    const answer = await capped(post({ intent: "open", note: "x".repeat(200) })).catch((error: unknown) => error);
    expect((answer as Response).status).toBe(413);
  });
});
