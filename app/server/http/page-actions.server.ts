import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { validate, type IssueCoder } from "~/server/validation";
import { readPageForm } from "./page-form.server";
import { answerIntent, invalidSubmission } from "./page-reply.server";

// A page's action, declared as a table of its intents: for each, who may do it
// (its gate, with that gate's limits), what it takes (its schema) and what it
// runs. One reading of the form, one refusal of an unknown intent, and the
// same PageReply for every page (page-reply.server.ts), so a page says only
// what differs. app/routes/route-gates.test.ts reads the table: every intent
// names its gate, or says why it is open with a `// Public:` comment.

/** A form's own schema, checked as Conform checks it: what fails shows on its fields (400), with the page's script or without. */
export interface FormInput<U, S extends z.ZodType> {
  form: S | ((user: U) => S | Promise<S>);
  /** Fields never sent back with the reply (passwords, PINs). */
  hideFields?: string[];
}

/** A module's schema, given what the form posts in the shape it takes (the API's JSON, say): a failure is a refusal (400, its code). */
export interface FieldsInput<S extends z.ZodType> {
  schema: S;
  /** The posted fields in the schema's shape; without it, every field the form posts but `intent`. */
  fields?: (form: FormData) => unknown;
  coder?: IssueCoder;
}

/** What a module reads from the form and checks itself (an order's move: readMove, the API's too). */
export interface ReadInput<V> {
  read: (form: FormData) => V;
}

export interface IntentArgs<U, V> {
  request: Request;
  params: ActionFunctionArgs["params"];
  context: ActionFunctionArgs["context"];
  form: FormData;
  /** What the gate let in: the signed-in user, or a feature's grant. */
  user: U;
  /** What the schema made of the form (undefined without one). */
  input: V;
  /** Conform's submission, for an intent with a form schema (its reply resets or keeps the form). */
  submission: Submission<V> | undefined;
}

export interface PageIntent<U, V, R> {
  /** Who may: a gate of app/modules/auth/gates.server.ts, with its limits. */
  gate?: (request: Request) => Promise<U>;
  input?: FormInput<U, z.ZodType<V>> | FieldsInput<z.ZodType<V>> | ReadInput<V>;
  run: (args: IntentArgs<U, V>) => Promise<R>;
}

/**
 * One intent of a page. A function of its own so that each intent's types
 * flow: the gate's user and the schema's output reach its `run` typed.
 */
export function intent<U = undefined, V = undefined, R = unknown>(spec: PageIntent<U, V, R>): PageIntent<U, V, R> {
  return spec;
}

export interface PageActionsOptions {
  /** The form's cap, when a page posts more than most (a walked boundary). */
  maxBytes?: number;
}

// The table holds intents of different users and inputs, each typed where it was declared (by
// intent()); here they are only called, so their own types need not be spelt again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyIntent = PageIntent<any, any, unknown>;
type Answer<T> = T extends PageIntent<infer _U, infer _V, infer R> ? Awaited<R> : never;

/**
 * The page's action: reads the form (within its cap), picks the intent
 * (an unknown one is 400), lets in whoever that intent's gate lets in,
 * checks what it takes, runs it, and answers its PageReply. A gate's refusal
 * (a limit, a premium feature) and a module's are the form's reply; the
 * gate's redirect to sign in is followed.
 */
export function pageActions<T extends Record<string, AnyIntent>>(intents: T, options: PageActionsOptions = {}) {
  const table: Record<string, AnyIntent> = intents;
  return async function action({ request, params, context }: ActionFunctionArgs) {
    const form = await readPageForm(request, options.maxBytes);
    const name = form.get("intent");
    const chosen = typeof name === "string" && Object.hasOwn(table, name) ? table[name] : undefined;
    if (typeof name !== "string" || !chosen) throw new Response("Unknown intent", { status: 400 });

    const input = chosen.input;
    // Where a refusal is shown: on the submission's fields once the form is parsed. A form
    // whose schema is fixed is parsed at once (it changes nothing), so even the gate's
    // refusal (a premium feature) comes back with what was typed.
    const shown: { submission?: Submission<unknown>; hideFields?: string[] } = {};
    if (input && "form" in input) {
      shown.hideFields = input.hideFields;
      if (typeof input.form !== "function") shown.submission = parseWithZod(form, { schema: input.form });
    }

    const answer = await answerIntent(
      request,
      name,
      async () => {
        const user = chosen.gate ? await chosen.gate(request) : undefined;
        const args = { request, params, context, form, user, input: undefined as unknown, submission: undefined };
        if (input && "form" in input) {
          const submission =
            shown.submission ??
            parseWithZod(form, { schema: typeof input.form === "function" ? await input.form(user) : input.form });
          shown.submission = submission;
          if (submission.status !== "success") return invalidSubmission(name, submission, shown);
          return chosen.run({ ...args, input: submission.value, submission });
        }
        if (input && "read" in input) return chosen.run({ ...args, input: input.read(form) });
        if (input) {
          const posted = input.fields ? input.fields(form) : fieldsOf(form);
          return chosen.run({ ...args, input: validate(input.schema, posted, { coder: input.coder }) });
        }
        return chosen.run(args);
      },
      shown,
    );
    return answer as Answer<T[keyof T]> | Awaited<ReturnType<typeof invalidSubmission>>;
  };
}

/** Every posted field but `intent`, the last value of each. */
function fieldsOf(form: FormData) {
  const fields: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of form) if (name !== "intent") fields[name] = value;
  return fields;
}
