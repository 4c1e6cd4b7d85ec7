import { QUEUE_POLICIES } from "~/jobs/queues";
import { sendSignInCode } from "~/modules/auth/phone-sign-in.server";
import { sendQueuedSms } from "~/modules/sms/sms.server";
import type { Processor } from "./types";

// Sends one stored text through the provider (see sendQueuedSms); the queue tries again while the
// provider cannot take it, and the last try marks it failed. A sign-in code asked for a number is
// made here (and its text stored and queued) only if the number is an account's.
export const processSms: Processor<"sms"> = async (job, { log }) => {
  if ("signInCode" in job.data) {
    await sendSignInCode(job.data.signInCode.phone);
    // Nothing about the number in the result: whether it is an account's stays untold.
    return { signInCode: "handled" };
  }
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? QUEUE_POLICIES.sms.attempts);
  const outcome = await sendQueuedSms(job.data.messageId, { lastAttempt });
  log.info({ messageId: job.data.messageId, ...outcome }, outcome.sent ? "text sent" : "text not sent");
  return { messageId: job.data.messageId, ...outcome };
};
