import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { OrderPage } from "~/components/orders/order-page";
import { recordId } from "~/lib/text";
import { perUser, requireUser } from "~/modules/auth/gates.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { REPORT_LIMIT } from "~/modules/moderation/constants";
import { reportSchema } from "~/modules/moderation/schemas";
import {
  ORDER_MESSAGE_DAILY_LIMIT,
  ORDER_MESSAGE_LIMIT,
  ORDER_MOVE_LIMIT,
  type OrderAction,
} from "~/modules/orders/constants";
import { filledField, moveBody } from "~/modules/orders/intents";
import { listMessages, postMessage, reportMessage } from "~/modules/orders/messages.server";
import { moveOrder } from "~/modules/orders/moves.server";
import { getOrder } from "~/modules/orders/reading.server";
import { messageSchema, readMove, type Move } from "~/modules/orders/schemas";
import { replyToReview, reviewOrder } from "~/modules/reviews/reviews.server";
import { replySchema, reviewSchema } from "~/modules/reviews/schemas";
import { intent, pageActions, type IntentArgs } from "~/server/http/page-actions.server";
import { pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { Refusal } from "~/server/refusal";
import { validateValue } from "~/server/validation";

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

// Moves, reviews and answers to reviews share one limit; messages and reports have their own.
const moveGate = (request: Request) => requireUser(request, { limits: perUser(ORDER_MOVE_LIMIT) });

/** A move's form, checked as the API checks what it is sent for that move. */
const moveFrom = (action: OrderAction) => ({ read: (form: FormData) => readMove(action, moveBody(action, form)) });

async function makeMove({ params, user, input }: IntentArgs<SessionUser, Move>) {
  await moveOrder(params.id ?? "", user.id, input);
  return pageSuccess(input.action);
}

const filled =
  (...names: string[]) =>
  (form: FormData) =>
    Object.fromEntries(names.map((name) => [name, filledField(form, name)]));

export const action = pageActions({
  accept: intent({ gate: moveGate, input: moveFrom("accept"), run: makeMove }),
  decline: intent({ gate: moveGate, input: moveFrom("decline"), run: makeMove }),
  cancel: intent({ gate: moveGate, input: moveFrom("cancel"), run: makeMove }),
  deliver: intent({ gate: moveGate, input: moveFrom("deliver"), run: makeMove }),
  confirm: intent({ gate: moveGate, input: moveFrom("confirm"), run: makeMove }),
  dispute: intent({ gate: moveGate, input: moveFrom("dispute"), run: makeMove }),
  message: intent({
    gate: (request) =>
      requireUser(request, {
        limits: (who) => [...perUser(ORDER_MESSAGE_LIMIT)(who), ...perUser(ORDER_MESSAGE_DAILY_LIMIT)(who)],
      }),
    input: { schema: messageSchema, fields: filled("body") },
    run: async ({ params, user, input }) => {
      await postMessage(params.id ?? "", user.id, input.body);
      return pageSuccess("message");
    },
  }),
  report: intent({
    gate: (request) => requireUser(request, { limits: perUser(REPORT_LIMIT) }),
    input: { schema: reportSchema, fields: filled("reason") },
    run: async ({ params, user, form, input }) => {
      const messageId = validateValue(recordId("orders.errors.notFound"), form.get("messageId"));
      await reportMessage(params.id ?? "", messageId, user.id, input);
      return pageSuccess("report");
    },
  }),
  review: intent({
    gate: moveGate,
    input: {
      schema: reviewSchema,
      fields: (form) => {
        const rating = filledField(form, "rating");
        return { rating: rating && /^\d$/.test(rating) ? Number(rating) : rating, text: filledField(form, "text") };
      },
    },
    run: async ({ params, user, input }) => {
      await reviewOrder(params.id ?? "", user.id, input);
      return pageSuccess("review");
    },
  }),
  reply: intent({
    gate: moveGate,
    input: { schema: replySchema, fields: filled("reply") },
    run: async ({ params, user, input }) => {
      await replyToReview(params.id ?? "", user.id, input.reply);
      return pageSuccess("reply");
    },
  }),
});

export default function Order() {
  const data = useLoaderData<typeof loader>();
  return <OrderPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("OrderPage");
