import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/gates.server";
import { listingDetails } from "~/modules/listings/listings.server";
import type { SellerAnswer } from "~/modules/listings/types";
import { translateRefusal } from "~/server/i18n.server";
import { Refusal } from "~/server/refusal";

// /marketplace/{id}/seller: how to reach one listing's seller, loaded by the
// marketplace's details dialog when it opens (list data never carries a phone).
// The same module call as GET /api/market/listings/{id}, so the same rules hold:
// signed in only, the phone only where shown, reveals limited per buyer. It is a
// resource answer (JSON read with a plain request), not a page action's PageReply.

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The answer as JSON with its own status (a refusal's 404 or 429), read by the details dialog with a plain request. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const listingId = params.id ?? "";
  try {
    const { seller } = await listingDetails(listingId, user.id);
    return Response.json({ ok: true, listingId, seller } satisfies SellerAnswer, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const { message } = await translateRefusal(request, error);
    const answer: SellerAnswer = { ok: false, listingId, code: error.code, message };
    return Response.json(answer, { status: error.status, headers: { ...error.headers, ...NO_STORE } });
  }
}
