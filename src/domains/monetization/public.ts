/** What routes use of domains/monetization: the application page's body and the earnings page's. */
export { ApplyMonetization } from './ApplyMonetization.tsx';
export { Earnings } from './Earnings.tsx';
