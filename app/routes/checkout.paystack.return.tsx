import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/gates.server";
import { settlePaystackReturn } from "~/modules/payments/paystack-return.server";

// GET /checkout/paystack/return?reference=: where Paystack's checkout sends the browser back (its
// callback_url). The payment is verified with Paystack by its reference before anything is shown as
// paid (at most so often per account: past that, its event decides); then back to the page the
// upgrade started from, saying how it went.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  return redirect(await settlePaystackReturn(user.id, params.get("reference") ?? params.get("trxref")));
}
