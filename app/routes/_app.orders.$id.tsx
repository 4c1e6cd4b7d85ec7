import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { OrderPage } from "~/components/orders/order-page";
import { recordId } from "~/lib/text";
import { perUser, requireUser } from "~/modules/auth/gates.server";
import { REPORT_LIMIT } from "~/modules/moderation/constants";
import { reportSchema } from "~/modules/moderation/schemas";
import {
  ORDER_MESSAGE_DAILY_LIMIT,
  ORDER_MESSAGE_LIMIT,
  ORDER_MOVE_LIMIT,
  type OrderAction,
} from "~/modules/orders/constants";
import { isOrderIntent, type OrderIntent } from "~/modules/orders/intents";
import { listMessages, postMessage, reportMessage } from "~/modules/orders/messages.server";
import { moveOrder } from "~/modules/orders/moves.server";
import { getOrder } from "~/modules/orders/reading.server";
import type { MoveInput } from "~/modules/orders/types";
import { acceptSchema, declineSchema, disputeSchema, messageSchema, orderIssueCode } from "~/modules/orders/schemas";
import { replyToReview, reviewOrder } from "~/modules/reviews/reviews.server";
import { replySchema, reviewSchema } from "~/modules/reviews/schemas";
import { readPageForm } from "~/server/http/page-form.server";
import { answerIntent, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { Refusal } from "~/server/refusal";
import { validate, validateValue } from "~/server/validation";

// One order (/orders/{id}), for its buyer or its seller (404 for anyone else): its state and what
// happens next, the items as asked and as agreed, the handover's details, the thread, and the
// review. Its forms make the reader's moves (moves.ts says which), through the same module as the
// API; they work without the page's script.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.order.reference} · Asiiko` : "Order · Asiiko" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const order = await getOrder(params.id ?? "", user.id).catch((error: unknown) => {
    if (error instanceof Refusal && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  });
  const messages = await listMessages(order.id, user.id);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { order, messages, sent, locale: detectLanguage(request) };
}

const MOVES: Partial<Record<OrderIntent, OrderAction>> = {
  accept: "accept",
  decline: "decline",
  cancel: "cancel",
  deliver: "deliver",
  confirm: "confirm",
  dispute: "dispute",
};

/** The seller's changes from the accept form: `quantity_{item}` and `price_{item}` for each item. */
function changesFrom(form: FormData) {
  const items = form.getAll("item").map(String);
  const changes = items.map((id) => {
    const quantity = String(form.get(`quantity_${id}`) ?? "").trim();
    const price = String(form.get(`price_${id}`) ?? "").trim();
    return {
      id,
      ...(quantity ? { quantity: /^\d{1,7}$/.test(quantity) ? Number(quantity) : quantity } : {}),
      ...(price ? { priceNgn: price } : {}),
    };
  });
  return changes.length > 0 ? { items: changes } : {};
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const orderId = params.id ?? "";
  const form = await readPageForm(request);
  const intent = form.get("intent");
  if (!isOrderIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  return answerIntent(request, intent, async () => {
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() !== "" ? value : undefined;
    };
    const options = { coder: orderIssueCode };
    const action = MOVES[intent];
    if (action) {
      await requireUser(request, { limits: perUser(ORDER_MOVE_LIMIT) });
      let move: MoveInput;
      if (action === "accept") move = { action, input: validate(acceptSchema, changesFrom(form), options) };
      else if (action === "decline")
        move = { action, input: validate(declineSchema, { reason: text("reason") }, options) };
      else if (action === "dispute")
        move = { action, input: validate(disputeSchema, { reason: text("reason"), note: text("note") }, options) };
      else move = { action, input: {} };
      await moveOrder(orderId, user.id, move);
      return pageSuccess(intent);
    }
    if (intent === "message") {
      await requireUser(request, {
        limits: (who) => [...perUser(ORDER_MESSAGE_LIMIT)(who), ...perUser(ORDER_MESSAGE_DAILY_LIMIT)(who)],
      });
      const { body } = validate(messageSchema, { body: text("body") });
      await postMessage(orderId, user.id, body);
      return pageSuccess(intent);
    }
    if (intent === "report") {
      await requireUser(request, { limits: perUser(REPORT_LIMIT) });
      const messageId = validateValue(recordId("orders.errors.notFound"), form.get("messageId"));
      await reportMessage(orderId, messageId, user.id, validate(reportSchema, { reason: text("reason") }));
      return pageSuccess(intent);
    }
    await requireUser(request, { limits: perUser(ORDER_MOVE_LIMIT) });
    if (intent === "review") {
      const rating = text("rating");
      await reviewOrder(
        orderId,
        user.id,
        validate(reviewSchema, { rating: rating && /^\d$/.test(rating) ? Number(rating) : rating, text: text("text") }),
      );
      return pageSuccess(intent);
    }
    await replyToReview(orderId, user.id, validate(replySchema, { reply: text("reply") }).reply);
    return pageSuccess(intent);
  });
}

export default function Order() {
  const data = useLoaderData<typeof loader>();
  return <OrderPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("OrderPage");
