import type { PaymentProviderName } from '../../../contract/order.ts';
import type { AppConfig } from '../../config.ts';
import type { PaymentProvider } from './paymentProvider.ts';
import { createDurianpayProvider } from './durianpayProvider.ts';
import { createSandboxProvider, sandboxWebhookSecret } from './sandboxProvider.ts';
import { createStripeProvider } from './stripeProvider.ts';

/** The configured payment providers by id; a provider that is not configured is absent. */
export type PaymentProviders = ReadonlyMap<PaymentProviderName, PaymentProvider>;

export interface PaymentProviderDeps {
  /** The app's signing secret: the sandbox derives its webhook secret from it. */
  signingSecret: Uint8Array;
}

/**
 * Builds the providers config.payments turns on (server/app.ts puts them on the AppContext as `payments`). A
 * provider is offered at checkout and accepts webhooks only when it is here.
 */
export function createPaymentProviders(config: Pick<AppConfig, 'payments'>, deps: PaymentProviderDeps): PaymentProviders {
  const providers = new Map<PaymentProviderName, PaymentProvider>();
  const { payments } = config;
  // The built-in test provider (SANDBOX_PAYMENTS; on when no keys are set, refused in production by config).
  if (payments.sandbox) providers.set('sandbox', createSandboxProvider({ secret: sandboxWebhookSecret(deps.signingSecret) }));
  // Real providers: one entry each when its keys are configured (durianpayProvider.ts, stripeProvider.ts).
  if (payments.durianpay) providers.set('durianpay', createDurianpayProvider(payments.durianpay));
  if (payments.stripe) providers.set('stripe', createStripeProvider(payments.stripe));
  return providers;
}
