import { QUEUE_POLICIES } from "~/jobs/queues";
import { sendQueuedSms } from "~/modules/sms/sms.server";
import type { Processor } from "./types";

// Sends one stored text through the provider (see sendQueuedSms); the queue tries again while the
// provider cannot take it, and the last try marks it failed.
export const processSms: Processor<"sms"> = async (job, { log }) => {
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? QUEUE_POLICIES.sms.attempts);
  const outcome = await sendQueuedSms(job.data.messageId, { lastAttempt });
  log.info({ messageId: job.data.messageId, ...outcome }, outcome.sent ? "text sent" : "text not sent");
  return { messageId: job.data.messageId, ...outcome };
};
