import { z } from 'zod';

/** POST {api}/analytics/page-view; answered with 204. */
export const pageViewRequest = z.object({
  path: z.string().min(1).max(2048).startsWith('/'),
  routeName: z.string().min(1).max(64).regex(/^[a-z0-9-]+$/, 'Route names are lower-case words joined by dashes'),
  referrer: z.string().max(2048).optional(),
});
export type PageViewRequest = z.infer<typeof pageViewRequest>;
