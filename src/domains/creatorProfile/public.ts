/** What other domains and the app shell use of domains/creatorProfile. */
export { CreatorProfileView } from './CreatorProfileView.tsx';
