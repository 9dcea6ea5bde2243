/** GET /api/v2/notice (signed): site-wide notices the client shows at start-up. The schema is in contract/notice.ts. */
export const NOTICE_PATH = '/notice';

/**
 * The notice in an answer of the noticeResponse schema's shape, or null when it has another one.
 * Plain code, so the client's first load does not need zod.
 */
export function readNotice(body: unknown): { maintenance: boolean } | null {
  const data: unknown = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null) return null;
  const { maintenance } = data as { maintenance?: unknown };
  return typeof maintenance === 'boolean' ? { maintenance } : null;
}
