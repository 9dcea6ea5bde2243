import { eq, isNull } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Db } from '../infra/db/database.ts';
import { campaigns } from '../infra/db/schema.ts';

/**
 * Waits until the campaign-previews job (server/domain/campaignPreviews.ts) has given the campaign its thumbnail and
 * link-preview images after a create or an edit, and returns its row with them.
 */
export async function previewsMade(db: Db, uri: string, timeout = 20_000) {
  return vi.waitFor(
    async () => {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.uri, uri));
      if (!row?.thumbnailKey || !row.ogImageKey || !row.ogSquareKey || !row.frameDisplayKey) throw new Error(`the previews of ${uri} are not made yet`);
      return { ...row, thumbnailKey: row.thumbnailKey, ogImageKey: row.ogImageKey, ogSquareKey: row.ogSquareKey, frameDisplayKey: row.frameDisplayKey };
    },
    { timeout, interval: 25 },
  );
}

/** Waits until no campaign waits for its previews: a snapshot of rows or stored files taken after it stays still. */
export async function allPreviewsMade(db: Db, timeout = 20_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const waiting = await db.select({ uri: campaigns.uri }).from(campaigns).where(isNull(campaigns.frameDisplayKey));
      if (waiting.length > 0) throw new Error(`the previews of ${waiting.map((row) => row.uri).join(', ')} are not made yet`);
    },
    { timeout, interval: 25 },
  );
}
