import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { LanguageCode } from "~/lib/i18n";
import type { PageReply } from "~/lib/page-reply";
import { translateRefusal } from "~/server/i18n.server";
import { Refusal, type FieldMessages } from "~/server/refusal";

// Page actions answer in one shape, PageReply (app/lib/page-reply.ts). A
// module's refusal is the form's reply, never an error page: the form stays
// open and says what went wrong, with the refusal's status.

/** A refusal with its texts in the reader's language. */
export interface RefusalText {
  status: number;
  code: string;
  message: string;
  fields?: FieldMessages;
}

type ConformSubmission = Pick<Submission<unknown>, "reply">;

/** An intent that succeeded: Conform's reply (a form to reset, say) and what it hands back. */
export function pageSuccess<I extends string, D = undefined>(
  intent: I,
  options: { data?: D; result?: SubmissionResult<string[]> } = {},
): PageReply<I, D> {
  return {
    intent,
    result: options.result ?? { status: "success" },
    ...(options.data === undefined ? {} : { data: options.data }),
  };
}

/** A submission its schema refused: 400, with the errors on its fields. */
export function invalidSubmission<I extends string>(
  intent: I,
  submission: ConformSubmission,
  options: { hideFields?: string[] } = {},
) {
  return data<PageReply<I, never>>(
    { intent, result: submission.reply({ hideFields: options.hideFields }) },
    { status: 400 },
  );
}

/** The Conform reply that shows a refusal on the fields it names, or on the whole form. */
export function refusalFormReply(
  submission: ConformSubmission | undefined,
  refusal: RefusalText,
  options: { hideFields?: string[] } = {},
): SubmissionResult<string[]> {
  if (!submission) return { status: "error", error: { "": [refusal.message], ...refusal.fields } };
  return submission.reply({
    fieldErrors: refusal.fields,
    formErrors: refusal.fields ? [] : [refusal.message],
    hideFields: options.hideFields,
  });
}

/**
 * Runs an intent's work. What it returns is the answer (a PageReply, or a
 * redirect); a Refusal becomes the failure's PageReply, on the submission's
 * fields when there is one, with the refusal's status and headers; anything
 * else is thrown on, to the page's error boundary.
 */
export async function answerIntent<I extends string, T>(
  requestOrLanguage: Request | LanguageCode,
  intent: I,
  work: () => Promise<T>,
  options: { submission?: ConformSubmission; hideFields?: string[] } = {},
) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const { message, fields } = await translateRefusal(requestOrLanguage, error);
    const refusal: RefusalText = { status: error.status, code: error.code, message, fields };
    const reply: PageReply<I, never> = {
      intent,
      result: refusalFormReply(options.submission, refusal, { hideFields: options.hideFields }),
      refusal: { code: refusal.code, message },
    };
    return data(reply, { status: error.status, headers: error.headers });
  }
}
