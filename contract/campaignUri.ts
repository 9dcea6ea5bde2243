import { z } from 'zod';

export const CAMPAIGN_URI_MIN = 3;
export const CAMPAIGN_URI_MAX = 60;

/** Lower-case letters, digits and single hyphens; starts and ends with a letter or digit. */
export const CAMPAIGN_URI_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Words a campaign may not take: every top-level route of the app (seed §2), the server's own
 * prefixes and a few that would mislead visitors.
 */
export const RESERVED_CAMPAIGN_URIS: ReadonlySet<string> = new Set([
  // app routes
  'twibbo', 'create', 'explore', 'leaderboard', 'for-creators', 'u', 'c', 'profile', 'reset-email', 'invoice',
  'campaign', 'p', 'use-cases', 'testimonials', 'blog', 'pricing', 'billing', 'checkout', 'contact-us', 'about',
  'terms', 'privacy-policy', 'cookie-policy', 'csae', 'forgot-password', 'reset-password', 'what-is-a-twibbon',
  'verification', 'unsubscribe', 'maintenance', 'coming-soon', 'media-assets', 'notifications', 'site-map',
  'ai-twibbon', 'test', 'appeal', 'apply-monetization', 'donation-success', 'nowatermark-success',
  'nowatermark-success-support', 'credits', 'delete-account', '403', '404', 'staff',
  // server and static prefixes
  'api', 'files', 'assets', 'locales', 'models', 'mediapipe', 'fonts', 'static', 'public', 'favicon-ico', 'robots-txt',
  'sitemap', 'sitemap-xml', 'manifest', 'health', 'uri-availability', 'frames',
  // misleading
  'admin', 'administrator', 'bingkai', 'support', 'help', 'login', 'logout', 'signin', 'signup', 'sign-in', 'sign-up',
  'register', 'settings', 'account', 'accounts', 'official', 'security', 'root', 'www', 'mail', 'null', 'undefined',
]);

export type CampaignUriProblem = 'invalid' | 'reserved' | 'taken';

/** Why a URI cannot be used, before asking the database whether it is taken. */
export function campaignUriProblem(uri: string): Exclude<CampaignUriProblem, 'taken'> | null {
  if (uri.length < CAMPAIGN_URI_MIN || uri.length > CAMPAIGN_URI_MAX || !CAMPAIGN_URI_PATTERN.test(uri)) return 'invalid';
  if (RESERVED_CAMPAIGN_URIS.has(uri)) return 'reserved';
  return null;
}

/** A suggestion from a title: lower case, ASCII, hyphens; '' when nothing usable is left. */
export function suggestCampaignUri(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CAMPAIGN_URI_MAX)
    .replace(/-+$/g, '');
}

export const campaignUriField = z
  .string()
  .trim()
  .toLowerCase()
  .min(CAMPAIGN_URI_MIN, `The link must be at least ${CAMPAIGN_URI_MIN} characters`)
  .max(CAMPAIGN_URI_MAX, `The link must be at most ${CAMPAIGN_URI_MAX} characters`)
  .regex(CAMPAIGN_URI_PATTERN, 'Use lower-case letters, digits and single hyphens')
  .refine((uri) => !RESERVED_CAMPAIGN_URIS.has(uri), 'This link is reserved; choose another');
