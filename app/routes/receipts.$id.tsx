import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { requireUser } from "~/modules/auth/gates.server";
import { legalFacts } from "~/modules/account-data/legal.server";
import { paymentReceipt } from "~/modules/payments/plan.server";
import { detectLanguage } from "~/server/i18n.server";
import { ReceiptPage } from "~/components/premium/receipt-page";

// GET /receipts/:id: one payment's receipt, for its payer only (anyone else: 404), on a page of its
// own that prints on one sheet: who was paid, by whom, when, how much, how, the reference, and the
// days of Premium it paid for.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const receipt = await paymentReceipt(user.id, params.id ?? "");
  // Someone else's payment is one that does not exist.
  if (!receipt) throw new Response("Not Found", { status: 404 });
  const { operator, address, email } = legalFacts();
  return { receipt, operator, address, email, locale: detectLanguage(request) };
}

export const meta: MetaFunction = () => [{ title: "Receipt · Asiiko" }, { name: "robots", content: "noindex" }];

export default function Receipt() {
  const data = useLoaderData<typeof loader>();
  return <ReceiptPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("ReceiptPage");
