import type { SubmissionResult } from "@conform-to/react";

// The one answer of every page action (app/server/http/page-reply.server.ts
// makes it): which intent it answers, Conform's reply for the form (its field
// and form errors, or success), what a successful intent hands back, and, when
// a module refused, the refusal's catalogue code and message (in the reader's
// language). Forms show `result` (its messages are translation keys, turned
// into text where they are shown); a toast says `refusal.message`.

export interface PageReply<Intent extends string = string, Data = undefined> {
  intent: Intent;
  result: SubmissionResult<string[]>;
  data?: Data;
  refusal?: { code: string; message: string };
}

export function replySucceeded(reply: Pick<PageReply, "result">) {
  return reply.result.status !== "error";
}

/** A failed reply's messages on one field ("" for the whole form), or undefined when it has none. */
export function replyFieldErrors(reply: Pick<PageReply, "result"> | undefined, field: string): string[] | undefined {
  const errors = reply?.result.status === "error" ? reply.result.error?.[field] : undefined;
  return errors && errors.length > 0 ? errors : undefined;
}

/** A guard for a page's intents: whether a posted `intent` is one of them. */
export function intentGuard<I extends string>(intents: readonly I[]) {
  return (value: unknown): value is I => typeof value === "string" && (intents as readonly string[]).includes(value);
}
