/** What other domains use of domains/commerce: where a plan lock leads, and remembering where it was. */
export { pricingPathFor, tierPricingPage } from './pricingLinks.ts';
export { rememberReturnPath } from './returnPath.ts';
