import { vi } from 'vitest';
import type { Campaign, CampaignSummary } from '../../contract/campaign.ts';
import type { Post } from '../../contract/post.ts';
import type { Collection } from '../../contract/collection.ts';
import type { Leaderboard } from '../../contract/leaderboard.ts';
import type { CreatorProfile } from '../../contract/creatorProfile.ts';
import type { InvoiceView } from '../../contract/order.ts';
import type { Article } from '../../contract/article.ts';
import { ApiError } from '../api/ApiError.ts';

export const demoSummary: CampaignSummary = {
  uri: 'demo-campaign',
  type: 'frame',
  title: 'Demo Campaign',
  description: 'A frame for the demo.',
  thumbnailUrl: '/files/demo.png',
  supportersCount: 1234,
  creator: { username: 'ayu', name: 'Ayu', avatarUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const demoCampaign: Campaign = {
  ...demoSummary,
  caption: 'Join [[ name ]]',
  category: 'education',
  tags: [],
  visibility: 'public',
  frames: [{ id: 'f1', position: 0, url: '/files/demo.png', width: 1080, height: 1080, holes: [] }],
  firstFrameDisplayUrl: '/files/demo-display.webp',
  premium: false,
  ogImageUrl: '/files/demo-og.png',
};

export const demoPost: Post = {
  uri: 'demo-post',
  imageUrl: '/files/posts/demo-post.jpg',
  width: 1080,
  height: 1080,
  caption: 'Join Budi',
  author: { username: 'budi', name: 'Budi', avatarUrl: null },
  campaign: demoSummary,
  createdAt: '2026-02-01T00:00:00.000Z',
};

export const demoLeaderboard: Leaderboard = {
  period: 'week',
  scope: 'WW',
  refreshedAt: '2026-02-01T00:00:00.000Z',
  campaigns: [{ rank: 1, supporters: 321, campaign: demoSummary }],
  creators: [{ rank: 1, supporters: 321, creator: demoSummary.creator }],
};

export const demoProfile: CreatorProfile = {
  username: 'ayu',
  name: 'Ayu',
  avatarUrl: null,
  bannerUrl: null,
  bio: 'Frames for good causes.',
  websiteLink: 'https://ayu.example',
  country: 'ID',
  createdAt: '2025-01-01T00:00:00.000Z',
  totals: { campaigns: 1, supporters: 1234, posts: 1 },
  collections: [{ uri: 'ayu-picks', title: 'Ayu picks', description: '', coverUrl: null, campaignsCount: 1 }],
};

export const demoCollection: Collection = {
  uri: 'graduation',
  title: 'Graduation season',
  description: 'Frames for every campus.',
  visibility: 'public',
  coverUrl: null,
  hasCover: false,
  isOwner: false,
  creator: demoSummary.creator,
  campaignsCount: 1,
  supportersCount: demoSummary.supportersCount,
  campaigns: [{ ...demoSummary, visibility: 'public' }],
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
};

/** The invoice /invoice/o-1 shows (domains/billing). */
export const demoInvoice: InvoiceView = {
  orderId: '00000000-0000-4000-8000-0000000000a1',
  number: 'BK-000001',
  issuedAt: Date.UTC(2026, 10, 27),
  seller: { name: 'Bingkai', address: 'Jl. Sudirman 1, Jakarta' },
  buyer: { name: 'Ayu', email: 'ayu@example.com' },
  lines: [{ description: 'Bingkai Supporter — monthly', planId: 'premiumn_monthly', quantity: 1, unitAmount: 299, amount: 299 }],
  currency: 'USD',
  subtotal: 299,
  tax: 0,
  taxRateBps: 0,
  total: 299,
  provider: 'sandbox',
  isTest: true,
};

/** The article every /articles/:kind/:ref answers (the blog's ref is its id, the others' a slug). */
export function demoArticle(kind: Article['kind'], ref: string): Article {
  const slug = kind === 'blog' ? 'hello' : ref;
  return {
    kind,
    slug,
    path: kind === 'blog' ? `/blog/${ref}/${slug}` : `/${kind}/${slug}`,
    title: 'Frames for every class',
    summary: 'How one school gave every class its own frame.',
    cover: '/images/articles/use-cases-schools.jpg',
    coverAlt: 'A white card with a round portrait',
    author: 'Bingkai Team',
    date: '2026-01-20',
    locale: 'en',
    html: '<h2>Why</h2><p>Every class wanted its own frame.</p>',
  };
}

/** Answers the calls the pages and the guard make; account-layer endpoints 404 as they do today. */
export async function fakeGet(path: string): Promise<unknown> {
  if (path === '/collections/graduation') return { data: demoCollection };
  if (path.startsWith('/explore/campaign')) return { data: { tab: 'campaign', items: [demoSummary], page: 1, limit: 10, total: 1, sort: 'trending' } };
  if (path === '/leaderboard') return { data: demoLeaderboard };
  const article = /^\/articles\/(blog|use-cases|testimonials)(?:\/([^/]+))?$/.exec(path);
  if (article) {
    const kind = article[1] as Article['kind'];
    if (article[2]) return { data: demoArticle(kind, article[2]) };
    const { html: _html, ...summary } = demoArticle(kind, kind === 'blog' ? '1' : 'schools');
    return { data: { items: [summary], page: 1, limit: 10, total: 1 } };
  }
  if (path === '/profiles/ayu') return { data: demoProfile };
  if (path === '/profiles/ayu/campaigns') return { data: { items: [demoSummary], page: 1, limit: 10, total: 1 } };
  if (path === '/profiles/ayu/posts') return { data: { items: [demoPost], page: 1, limit: 10, total: 1 } };
  if (path === '/campaigns') return { data: { items: [demoSummary], page: 1, limit: 10, total: 1 } };
  if (path === '/campaigns/demo-campaign') return { data: demoCampaign };
  if (path === '/campaigns/demo-campaign/manage') return { data: { ...demoCampaign, visitsCount: 5678, postsCount: 12, hasAccessCode: false, updatedAt: '2026-01-02T00:00:00.000Z' } };
  if (path === '/posts/demo-post') return { data: demoPost };
  if (path === '/invoices/o-1') return { data: demoInvoice };
  // The signed-in test account is staff here: the console renders (its queue empty).
  if (path === '/staff/session') return { data: { staff: true } };
  if (path.startsWith('/staff/reports')) return { data: { items: [], page: 1, limit: 20, total: 0 } };
  throw new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
}

export function createApiMock() {
  return {
    get: vi.fn(fakeGet),
    post: vi.fn(async (_path: string, _options?: unknown): Promise<unknown> => undefined),
    patch: vi.fn(async (path: string): Promise<unknown> => Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: path }))),
    put: vi.fn(async (): Promise<unknown> => undefined),
    delete: vi.fn(async (): Promise<unknown> => undefined),
  };
}
