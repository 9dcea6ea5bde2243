/** What routes and other domains use of domains/billing; everything else in the folder is private to it. */
export { BillingTab } from './BillingTab.tsx';
export { InvoiceView } from './InvoiceView.tsx';
export { formatDay } from './billingFormat.ts';
