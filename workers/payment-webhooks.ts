import { applyPaymentEvent } from "~/modules/payments/provider-events.server";
import type { Processor } from "./types";

// Applies one verified payment event to its subscription, exactly once
// however often it is delivered (see applyPaymentEvent).
export const processPaymentWebhook: Processor<"payment-webhooks"> = async (job, { log }) => {
  const outcome = await applyPaymentEvent(job.data.eventId);
  log.info(
    { eventId: job.data.eventId, ...outcome },
    outcome.applied ? "payment event applied" : "payment event skipped",
  );
  return { eventId: job.data.eventId, ...outcome };
};
