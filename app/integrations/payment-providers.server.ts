// Provider name → client (app/integrations/payment-provider.server.ts has the interface).
import { authorizeNetProvider } from "./authorizenet.server";
import type { PaymentProvider, PaymentProviderClient } from "./payment-provider.server";
import { paypalProvider } from "./paypal.server";
import { squareProvider } from "./square.server";
import { stripeProvider } from "./stripe.server";

export const paymentProviders: Record<PaymentProvider, PaymentProviderClient> = {
  stripe: stripeProvider,
  paypal: paypalProvider,
  square: squareProvider,
  authorizenet: authorizeNetProvider,
};
