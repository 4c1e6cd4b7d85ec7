import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { CartPage } from "~/components/cart/cart-page";
import { recordId } from "~/lib/text";
import { z } from "~/lib/zod";
import { perUser, requireUser } from "~/modules/auth/gates.server";
import { getCart, removeCartItem, setCartItem } from "~/modules/cart/cart.server";
import { CART_WRITE_LIMIT } from "~/modules/cart/constants";
import { cartIssueCode, cartItemSchema } from "~/modules/cart/schemas";
import { ORDER_CREATE_LIMIT } from "~/modules/orders/constants";
import { lagosDate } from "~/lib/lagos-time";
import { createOrder } from "~/modules/orders/requesting.server";
import { createOrderSchema, orderIssueCode } from "~/modules/orders/schemas";
import { intent, pageActions } from "~/server/http/page-actions.server";
import { pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { validateValue } from "~/server/validation";

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

const cartWrites = (request: Request) => requireUser(request, { limits: perUser(CART_WRITE_LIMIT) });

export const action = pageActions({
  quantity: intent({
    gate: cartWrites,
    run: async ({ user, form }) => {
      const listingId = validateValue(listingField, form.get("listingId"));
      const quantity = validateValue(typedQuantity, form.get("quantity"), { coder: cartIssueCode });
      await setCartItem(user.id, listingId, quantity);
      return pageSuccess("quantity");
    },
  }),
  remove: intent({
    gate: cartWrites,
    run: async ({ user, form }) => {
      await removeCartItem(user.id, validateValue(listingField, form.get("listingId")));
      return pageSuccess("remove");
    },
  }),
  send: intent({
    // A cart write, and an order request counted as the API counts them.
    gate: (request) =>
      requireUser(request, {
        limits: (who) => [...perUser(CART_WRITE_LIMIT)(who), ...perUser(ORDER_CREATE_LIMIT)(who)],
      }),
    input: {
      schema: createOrderSchema,
      fields: (form) => ({
        sellerId: form.get("sellerId") ?? undefined,
        fulfilment: form.get("fulfilment") ?? undefined,
        preferredDate: form.get("preferredDate") || undefined,
        message: form.get("message") || undefined,
        town: form.get("town") || undefined,
        deliveryNote: form.get("deliveryNote") || undefined,
      }),
      coder: orderIssueCode,
    },
    run: async ({ user, input }) => {
      const order = await createOrder(user.id, input);
      return redirect(`/orders/${order.id}?sent=1`);
    },
  }),
});

export default function Cart() {
  const { cart, today, locale } = useLoaderData<typeof loader>();
  return <CartPage cart={cart} today={today} locale={locale} />;
}

export const ErrorBoundary = loadErrorBoundary("CartPage", "cart.loadError");
