import type { Config } from '../../platform/config';
import type { PaymentProvider } from './payment-provider';
import { stripeProvider } from './stripe-provider';

const providers = new WeakMap<Config, PaymentProvider | undefined>();

/** The deployment's payment provider (Stripe when STRIPE_SECRET_KEY is set), one per configuration. */
export function paymentProviderOf(config: Config): PaymentProvider | undefined {
  if (!providers.has(config)) providers.set(config, config.stripe ? stripeProvider(config.stripe) : undefined);
  return providers.get(config);
}
