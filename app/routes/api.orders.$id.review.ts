import { perUser, requireUser } from "~/modules/auth/gates.server";
import { ORDER_MOVE_LIMIT } from "~/modules/orders/constants";
import { replyToReview, reviewOrder } from "~/modules/reviews/reviews.server";
import { replySchema, reviewSchema } from "~/modules/reviews/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/orders/{id}/review { rating, text? }: the buyer of a completed order rates its seller,
// once (201). PUT { reply }: the seller answers that review, once.
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(ORDER_MOVE_LIMIT) });
    const input = validate(reviewSchema, await readJsonBody(request));
    const review = await reviewOrder(params.id ?? "", user.id, input);
    return Response.json({ success: true, data: { review }, message: "Review saved" }, { status: 201 });
  },
  PUT: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(ORDER_MOVE_LIMIT) });
    const { reply } = validate(replySchema, await readJsonBody(request));
    const answer = await replyToReview(params.id ?? "", user.id, reply);
    return Response.json({ success: true, data: answer, message: "Answer saved" });
  },
});

export const loader = route.loader;
export const action = route.action;
