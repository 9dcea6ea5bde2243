/** What other domains use of domains/commerce: where a plan lock leads, and remembering where it was. */
export { pricingPathFor, tierPricingPage } from './pricingLinks.ts';
export { rememberReturnPath } from './returnPath.ts';
/** The pieces of the plan checkout that other purchases (credits, a result without the watermark) pay through. */
export { ProviderChoice } from './ProviderChoice.tsx';
export { useAttemptKey } from './useAttemptKey.ts';
export { redirectToProvider } from './providerRedirect.ts';
export { goToProvider, useCheckoutOptions } from './useCheckoutOptions.ts';
export { isSettled, useOrderStatus } from './useOrderStatus.ts';
