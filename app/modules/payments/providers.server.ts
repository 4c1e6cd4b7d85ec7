import { checkoutProviderName } from "~/env.server";
import type { PaymentProvider, PaymentProviderName } from "./provider";
import { paystackProvider } from "./paystack-provider.server";
import { sandboxProvider } from "./sandbox-provider.server";
import { stripeProvider } from "./stripe-provider.server";

// Which implementation answers for a provider name (the one stored on a
// subscription or an event), and which one takes new checkouts.

const providers: Record<PaymentProviderName, PaymentProvider> = {
  stripe: stripeProvider,
  sandbox: sandboxProvider,
  paystack: paystackProvider,
};

export function paymentProvider(name: PaymentProviderName): PaymentProvider {
  return providers[name];
}

/** The configured provider (see checkoutProviderName); the built-in sandbox in demo mode only; otherwise none. */
export function checkoutProvider(): PaymentProvider | null {
  const name = checkoutProviderName();
  return name ? providers[name] : null;
}
