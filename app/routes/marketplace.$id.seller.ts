import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/session.server";
import { listingDetails } from "~/modules/listings/listings.server";
import { replyToRefusal } from "~/server/http/page-refusal.server";

// /marketplace/{id}/seller: how to reach one listing's seller, loaded by the
// marketplace's details dialog when it opens (list data never carries a phone).
// The same module call as GET /api/market/listings/{id}, so the same rules hold:
// signed in only, the phone only where shown, reveals limited per buyer.

export type SellerAnswer =
  | { ok: true; listingId: string; seller: { firstName: string; town: string | null; phone: string | null } }
  | { ok: false; listingId: string; code: string; message: string };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const listingId = params.id ?? "";
  return replyToRefusal(
    request,
    async () => {
      const { seller } = await listingDetails(listingId, user.id);
      return data<SellerAnswer>({ ok: true, listingId, seller }, { headers: { "Cache-Control": "private, no-store" } });
    },
    (refusal): SellerAnswer => ({ ok: false, listingId, code: refusal.code, message: refusal.message }),
  );
}
