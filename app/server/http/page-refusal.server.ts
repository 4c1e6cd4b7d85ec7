import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { LanguageCode } from "~/lib/i18n";
import { translateRefusal } from "~/server/i18n.server";
import { Refusal, type FieldMessages } from "~/server/refusal";

// Page actions answer a module's refusal as their form's reply, never as an
// error page: the form stays open and says what went wrong.

/** A refusal with its texts in the reader's language. */
export interface RefusalText {
  status: number;
  code: string;
  message: string;
  fields?: FieldMessages;
}

/**
 * Runs a page action's work. A Refusal becomes `reply(refusal)`, answered with
 * the refusal's status and headers; anything else is thrown on, to the page's
 * error boundary.
 */
export async function replyToRefusal<T, R>(
  requestOrLanguage: Request | LanguageCode,
  work: () => Promise<T>,
  reply: (refusal: RefusalText) => R,
) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const { message, fields } = await translateRefusal(requestOrLanguage, error);
    return data(reply({ status: error.status, code: error.code, message, fields }), {
      status: error.status,
      headers: error.headers,
    });
  }
}

/** The Conform reply that shows a refusal on the fields it names, or on the whole form. */
export function refusalFormReply(
  submission: Pick<Submission<unknown>, "reply">,
  refusal: RefusalText,
  options: { hideFields?: string[] } = {},
): SubmissionResult<string[]> {
  return submission.reply({
    fieldErrors: refusal.fields,
    formErrors: refusal.fields ? [] : [refusal.message],
    hideFields: options.hideFields,
  });
}
