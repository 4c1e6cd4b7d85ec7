import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { CartPage } from "~/components/cart/cart-page";
import { recordId } from "~/lib/text";
import { z } from "~/lib/zod";
import { perUser, requireUser } from "~/modules/auth/gates.server";
import { getCart, removeCartItem, setCartItem } from "~/modules/cart/cart.server";
import { CART_WRITE_LIMIT } from "~/modules/cart/constants";
import { cartIssueCode, cartItemSchema } from "~/modules/cart/schemas";
import { isCartIntent } from "~/modules/cart/intents";
import { ORDER_CREATE_LIMIT } from "~/modules/orders/constants";
import { lagosDate } from "~/lib/lagos-time";
import { createOrder } from "~/modules/orders/requesting.server";
import { createOrderSchema, orderIssueCode } from "~/modules/orders/schemas";
import { readPageForm } from "~/server/http/page-form.server";
import { answerIntent, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { validate, validateValue } from "~/server/validation";

// The cart (/cart): the listings the buyer means to order, grouped by seller, with quantities and
// subtotals; what can no longer be ordered has left it, and the page says so. Per seller, "Send
// order request" (pickup or delivery, a preferred date, a message) makes the order and opens it.
// Every form works without the page's script (a slow phone may not have it yet).

export const meta: MetaFunction = () => [{ title: "Cart · Asiiko" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const cart = await getCart(user.id);
  return { cart, today: lagosDate(new Date()), locale: detectLanguage(request) };
}

const listingField = recordId("listing.errors.notFound");
/** A quantity typed in a form: a whole number, given as text. */
const typedQuantity = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : value),
  cartItemSchema.shape.quantity,
);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { limits: perUser(CART_WRITE_LIMIT) });
  const form = await readPageForm(request);
  const intent = form.get("intent");
  if (!isCartIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  return answerIntent(request, intent, async () => {
    if (intent === "send") {
      const input = validate(
        createOrderSchema,
        {
          sellerId: form.get("sellerId") ?? undefined,
          fulfilment: form.get("fulfilment") ?? undefined,
          preferredDate: form.get("preferredDate") || undefined,
          message: form.get("message") || undefined,
          town: form.get("town") || undefined,
          deliveryNote: form.get("deliveryNote") || undefined,
        },
        { coder: orderIssueCode },
      );
      // Requests are counted as the API counts them.
      await requireUser(request, { limits: perUser(ORDER_CREATE_LIMIT) });
      const order = await createOrder(user.id, input);
      return redirect(`/orders/${order.id}?sent=1`);
    }
    const listingId = validateValue(listingField, form.get("listingId"));
    if (intent === "remove") {
      await removeCartItem(user.id, listingId);
      return pageSuccess(intent);
    }
    const quantity = validateValue(typedQuantity, form.get("quantity"), { coder: cartIssueCode });
    await setCartItem(user.id, listingId, quantity);
    return pageSuccess(intent);
  });
}

export default function Cart() {
  const { cart, today, locale } = useLoaderData<typeof loader>();
  return <CartPage cart={cart} today={today} locale={locale} />;
}

export const ErrorBoundary = loadErrorBoundary("CartPage", "cart.loadError");
