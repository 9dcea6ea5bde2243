import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaignFrames, campaigns } from '../infra/db/schema.ts';

export async function insertCreator(db: Db, username = 'creator', avatarKey: string | null = null) {
  const [row] = await db
    .insert(accounts)
    .values({ username, name: `Name of ${username}`, email: `${username}@example.test`, avatarKey })
    .returning();
  return row!;
}

export interface CampaignFixture {
  uri: string;
  visibility?: 'public' | 'unlisted' | 'private';
  createdAt?: Date;
  frames?: number;
}

export async function insertCampaign(db: Db, creatorId: string, fixture: CampaignFixture) {
  const [row] = await db
    .insert(campaigns)
    .values({
      uri: fixture.uri,
      title: `Title ${fixture.uri}`,
      description: `About ${fixture.uri}`,
      caption: 'I support [[cause]]',
      category: 'community',
      tags: ['a', 'b'],
      visibility: fixture.visibility ?? 'public',
      creatorId,
      supportersCount: 3,
      thumbnailKey: `public/campaigns/${fixture.uri}/thumbnail.jpg`,
      frameDisplayKey: `public/campaigns/${fixture.uri}/frame-display.webp`,
      createdAt: fixture.createdAt ?? new Date(),
    })
    .returning();
  for (let position = 0; position < (fixture.frames ?? 1); position++) {
    await db.insert(campaignFrames).values({
      campaignId: row!.id,
      position,
      storageKey: `public/campaigns/${fixture.uri}/frame-${position}.png`,
      width: 1080,
      height: 1080,
      holes: [{ x: 100, y: 100, width: 500, height: 500 }],
    });
  }
  return row!;
}

/** Suspends an account as staff would (server/domain/staffAppeals.ts suspendWithReason, without the staff member). */
export async function suspendForTest(db: Db, accountUuid: string, at = new Date()): Promise<void> {
  const updated = await db.update(accounts).set({ suspendedAt: at, appealStatus: 'NOT_YET' }).where(eq(accounts.uuid, accountUuid)).returning({ id: accounts.id });
  if (updated.length === 0) throw new Error(`no account ${accountUuid}`);
}
