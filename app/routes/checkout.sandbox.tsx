import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { checkoutProviderName, isDemoMode } from "~/env.server";
import { requireUser } from "~/modules/auth/gates.server";
import { completeSandboxCheckout } from "~/modules/payments/checkout.server";
import { waitForPaymentEvent } from "~/modules/payments/provider-events.server";
import { DEFAULT_CHECKOUT_RETURN, withCheckoutResult } from "~/modules/payments/return-path";
import { readSandboxSession, type SandboxSession } from "~/modules/payments/sandbox-provider.server";
import { SandboxCheckoutPage } from "~/components/premium/sandbox-checkout-page";

export const meta: MetaFunction = () => [{ title: "Checkout · Asiiko" }];

// The built-in checkout of demo mode: the plan and amount, and 'Pay', which
// sends the same signed event Stripe would. Outside demo mode the page does not
// exist (404); with Stripe configured, only Stripe's checkout takes payments.
function sandboxSession(request: Request, userId: string) {
  if (!isDemoMode()) throw new Response("Not Found", { status: 404 });
  if (checkoutProviderName() !== "sandbox") return null;
  return readSandboxSession(new URL(request.url).searchParams.get("session"), userId);
}

/** The page to come back to: the one the link was made for (links made before it carried one: Settings). */
const returnOf = (session: SandboxSession) => session.ret ?? DEFAULT_CHECKOUT_RETURN;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const session = sandboxSession(request, user.id);
  return session
    ? { valid: true as const, amount: session.amt, cancelTo: withCheckoutResult(returnOf(session), "cancelled") }
    : { valid: false as const, amount: 0, cancelTo: DEFAULT_CHECKOUT_RETURN };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const session = sandboxSession(request, user.id);
  if (!session) throw new Response("This checkout link is not valid or has expired.", { status: 400 });
  const eventId = await completeSandboxCheckout(session);
  // The worker activates the plan; give it a moment so the next page already shows Premium.
  await waitForPaymentEvent(eventId);
  // Back to the page the upgrade started from (a path of this site, checked when the link was made and again here).
  return redirect(withCheckoutResult(returnOf(session), "success"));
}

export default function SandboxCheckout() {
  const data = useLoaderData<typeof loader>();
  return <SandboxCheckoutPage {...data} />;
}
