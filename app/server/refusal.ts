// The one error type for refusals: a module that will not do what it was asked
// throws a Refusal, saying which HTTP status and catalogue code fit, a message
// (a translation key, or text) and each field's messages. Modules know nothing
// of HTTP or forms: the API answer (http/api.server.ts) and a page form's
// reply (http/page-reply.server.ts) are made from it at the edge.

export type FieldMessages = Record<string, string[]>;

export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldMessages,
    readonly headers?: HeadersInit,
    /** Values for the message's placeholders, when the message is a translation key. */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/** A message that is a translation key ("auth.errors.usernameExists") rather than text. */
export const isMessageKey = (text: string) => /^[a-z][\w]*(\.[\w]+)+$/i.test(text);
