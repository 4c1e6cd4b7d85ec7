import { perUser, requireUser } from "~/modules/auth/gates.server";
import { followPrice, listPriceAlerts, unfollowPrice } from "~/modules/prices/alerts.server";
import { priceAlertDeleteSchema, priceAlertIssueCode, priceAlertSchema } from "~/modules/prices/alert-schemas";
import { PRICE_ALERT_WRITE_LIMIT } from "~/modules/prices/constants";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// The signed-in user's price alerts: GET { alerts }; POST { product_id, town, target_price? }
// follows a catalogue product in a town (201; again changes the target, 200; past the cap 403
// AUTHZ_FEATURE_LIMIT_REACHED); DELETE { id } (or ?id=) stops one (404 when it is not theirs).
const noStore = { "Cache-Control": "private, no-store" };

const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const alerts = await listPriceAlerts(user.id);
    return Response.json({ success: true, data: { alerts } }, { headers: noStore });
  },
  POST: async ({ request }) => {
    const user = await requireUser(request, { limits: perUser(PRICE_ALERT_WRITE_LIMIT) });
    const input = validate(priceAlertSchema, await readJsonBody(request), { coder: priceAlertIssueCode });
    const { alert, created } = await followPrice(user.id, {
      productId: input.product_id,
      town: input.town,
      targetNgn: input.target_price || null,
    });
    return Response.json(
      { success: true, data: { alert }, message: created ? "Price alert created" : "Price alert updated" },
      { status: created ? 201 : 200, headers: noStore },
    );
  },
  DELETE: async ({ request }) => {
    const user = await requireUser(request, { limits: perUser(PRICE_ALERT_WRITE_LIMIT) });
    const fromAddress = new URL(request.url).searchParams.get("id");
    const body = fromAddress === null ? await readJsonBody(request) : { id: fromAddress };
    const { id } = validate(priceAlertDeleteSchema, body);
    await unfollowPrice(user.id, id);
    return Response.json(
      { success: true, data: { removed: true }, message: "Price alert removed" },
      { headers: noStore },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
