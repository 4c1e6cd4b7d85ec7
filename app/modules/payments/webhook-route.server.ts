import { apiRoute } from "~/server/http/api-route.server";
import { readTextBody } from "~/server/http/api.server";
import type { PaymentProviderName } from "./provider";
import { receiveWebhook } from "./provider-events.server";

const MAX_EVENT_BYTES = 512 * 1024;

/**
 * A provider's webhook endpoint: public (the provider calls it; the signature on the raw body is the
 * check, not a session). Verified on the raw body (400 SEC_INVALID_TOKEN, nothing stored, when the
 * signature in `signatureHeader` fails), stored once, applied by the payment-webhooks worker.
 */
export function paymentWebhookRoute(provider: PaymentProviderName, signatureHeader: string) {
  return apiRoute({
    POST: async ({ request }) => {
      // Counted while it streams in: a body past the cap is refused before more of it is read.
      const raw = await readTextBody(request, MAX_EVENT_BYTES);
      const received = await receiveWebhook(provider, raw, request.headers.get(signatureHeader));
      return Response.json({ received: true, ...received });
    },
  });
}
