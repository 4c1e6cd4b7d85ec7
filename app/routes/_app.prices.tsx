import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { PricesPage } from "~/components/prices/prices-page";
import { recordId } from "~/lib/text";
import { perUser, requireUser } from "~/modules/auth/gates.server";
import { followPrice, unfollowPrice } from "~/modules/prices/alerts.server";
import { priceAlertIssueCode, priceAlertSchema } from "~/modules/prices/alert-schemas";
import { PRICE_ALERT_WRITE_LIMIT } from "~/modules/prices/constants";
import { isPriceIntent } from "~/modules/prices/intents";
import { pricesPage } from "~/modules/prices/page.server";
import { readPageForm } from "~/server/http/page-form.server";
import { answerIntent, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { validate, validateValue } from "~/server/validation";

// Market Prices (/prices): what a crop costs in each town this week, from the prices on Asiiko
// (asking prices and completed trades), with the change against four weeks before; a town's
// twelve weeks as a chart drawn here as SVG, with the same figures as a table; towns ordered by
// distance from a typed town or the device's place; and price alerts (follow a product in a town,
// optionally with a target). Every form works without the page's script.

export const meta: MetaFunction = () => [{ title: "Market Prices · Asiiko" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = await pricesPage(user.id, new URL(request.url));
  return { ...page, locale: detectLanguage(request) };
}

const alertField = recordId("prices.alerts.notFound");

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { limits: perUser(PRICE_ALERT_WRITE_LIMIT) });
  const form = await readPageForm(request);
  const intent = form.get("intent");
  if (!isPriceIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  return answerIntent(request, intent, async () => {
    if (intent === "unfollow") {
      await unfollowPrice(user.id, validateValue(alertField, form.get("alertId")));
      return pageSuccess(intent);
    }
    const input = validate(
      priceAlertSchema,
      {
        product_id: form.get("productId") ?? undefined,
        town: form.get("town") ?? undefined,
        target_price: form.get("target") || undefined,
      },
      { coder: priceAlertIssueCode },
    );
    const { alert } = await followPrice(user.id, {
      productId: input.product_id,
      town: input.town,
      targetNgn: input.target_price || null,
    });
    return pageSuccess(intent, { data: { alertId: alert.id } });
  });
}

export default function Prices() {
  const data = useLoaderData<typeof loader>();
  return <PricesPage {...data} />;
}

export const ErrorBoundary = loadErrorBoundary("PricesPage", "prices.loadError");
