import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { PricesPage } from "~/components/prices/prices-page";
import { recordId } from "~/lib/text";
import { perUser, requireUser } from "~/modules/auth/gates.server";
import { followPrice, unfollowPrice } from "~/modules/prices/alerts.server";
import { priceAlertIssueCode, priceAlertSchema } from "~/modules/prices/alert-schemas";
import { PRICE_ALERT_WRITE_LIMIT } from "~/modules/prices/constants";
import { pricesPage } from "~/modules/prices/page.server";
import { intent, pageActions } from "~/server/http/page-actions.server";
import { pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { validateValue } from "~/server/validation";

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

const alertWrites = (request: Request) => requireUser(request, { limits: perUser(PRICE_ALERT_WRITE_LIMIT) });

export const action = pageActions({
  follow: intent({
    gate: alertWrites,
    input: {
      schema: priceAlertSchema,
      fields: (form) => ({
        product_id: form.get("productId") ?? undefined,
        town: form.get("town") ?? undefined,
        target_price: form.get("target") || undefined,
      }),
      coder: priceAlertIssueCode,
    },
    run: async ({ user, input }) => {
      const { alert } = await followPrice(user.id, {
        productId: input.product_id,
        town: input.town,
        targetNgn: input.target_price || null,
      });
      return pageSuccess("follow", { data: { alertId: alert.id } });
    },
  }),
  unfollow: intent({
    gate: alertWrites,
    run: async ({ user, form }) => {
      await unfollowPrice(user.id, validateValue(alertField, form.get("alertId")));
      return pageSuccess("unfollow");
    },
  }),
});

export default function Prices() {
  const data = useLoaderData<typeof loader>();
  return <PricesPage {...data} />;
}

export const ErrorBoundary = loadErrorBoundary("PricesPage", "prices.loadError");
