/** What other domains and the app shell use of domains/leaderboard. */
export { LeaderboardView } from './LeaderboardView.tsx';
export type { CountryChoice } from './LeaderboardFilters.tsx';
