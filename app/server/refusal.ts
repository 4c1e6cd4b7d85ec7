import { ERROR_CATALOGUE, type ErrorCode, type NotFoundCode } from "./errors/catalogue";

// The one error type for refusals: a module that will not do what it was asked
// throws a Refusal, naming the catalogue's code (errors/catalogue.ts gives its
// HTTP status), a message (a translation key, or text) and, by name, each
// field's messages, headers and the message's placeholders. Modules know
// nothing of HTTP or forms: the API answer (http/api.server.ts) and a page
// form's reply (http/page-reply.server.ts) are made from it at the edge.

export type FieldMessages = Record<string, string[]>;

export interface RefusalOptions {
  fields?: FieldMessages;
  headers?: HeadersInit;
  /** Values for the message's placeholders, when the message is a translation key. */
  params?: Record<string, string | number>;
}

export class Refusal extends Error {
  readonly status: number;
  readonly fields?: FieldMessages;
  readonly headers?: HeadersInit;
  readonly params?: Record<string, string | number>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: RefusalOptions = {},
  ) {
    super(message);
    this.name = "Refusal";
    this.status = ERROR_CATALOGUE[code].status;
    this.fields = options.fields;
    this.headers = options.headers;
    this.params = options.params;
  }
}

/** A refusal for a thing that is not there (or not the asker's to see): a 404 code only. */
export const notFound = (code: NotFoundCode, messageKey: string, options?: RefusalOptions) =>
  new Refusal(code, messageKey, options);

/** A message that is a translation key ("auth.errors.usernameExists") rather than text. */
export const isMessageKey = (text: string) => /^[a-z][\w]*(\.[\w]+)+$/i.test(text);
