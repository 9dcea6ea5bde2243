/** What other domains and the routes use of domains/analytics: the creator's analytics section, loaded when shown. */
export { LazyCampaignAnalytics } from './LazyCampaignAnalytics.tsx';
