import { findPaymentEvent } from "~/modules/payments/payment-events.server";
import type { Processor } from "./types";

// Applies verified payment events to subscriptions, once per event id. The
// subscription rules arrive with payments; until then the event is looked up and logged.
export const processPaymentWebhook: Processor<"payment-webhooks"> = async (job, log) => {
  const event = await findPaymentEvent(job.data.eventId);
  if (!event) {
    log.warn({ eventId: job.data.eventId }, "payment event not stored; nothing to do");
    return { skipped: "event not found" };
  }
  log.info({ eventId: event.id, type: event.type, status: event.status }, "payment event received");
  return { eventId: event.id, type: event.type, status: event.status };
};
