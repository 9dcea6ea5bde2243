import { and, eq, sql } from 'drizzle-orm';
import { notificationKeys, type NotificationKey, type NotificationPreference, type PreferenceUpdateBody } from '../../contract/accountProfile.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, preferences } from '../infra/db/schema.ts';

/** General preference as stored; null parts were never saved (the client then saves its guess back). */
export interface StoredGeneralPreference {
  country: string | null;
  language: string | null;
}

/** Every notification mail is on until the user turns it off. */
export const defaultNotificationPreference: NotificationPreference = Object.fromEntries(notificationKeys.map((key) => [key, true])) as NotificationPreference;

async function storedValues(db: Db, accountId: string, type: 'general' | 'notification'): Promise<Record<string, unknown>> {
  const [row] = await db.select({ values: preferences.values }).from(preferences).where(and(eq(preferences.accountId, accountId), eq(preferences.type, type))).limit(1);
  return row?.values ?? {};
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export async function getGeneralPreference(db: Db, accountId: string): Promise<StoredGeneralPreference> {
  const values = await storedValues(db, accountId, 'general');
  return { country: text(values.country), language: text(values.language) };
}

export async function getNotificationPreference(db: Db, accountId: string): Promise<NotificationPreference> {
  const values = await storedValues(db, accountId, 'notification');
  const result = { ...defaultNotificationPreference };
  for (const key of notificationKeys) if (typeof values[key] === 'boolean') result[key] = values[key];
  return result;
}

/** Merges only the given fields into the stored preference; general ones are mirrored on the account row. */
export async function updatePreference(db: Db, accountId: string, update: PreferenceUpdateBody): Promise<void> {
  const { type, ...fields } = update;
  const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(preferences)
      .values({ accountId, type, values })
      .onConflictDoUpdate({
        target: [preferences.accountId, preferences.type],
        set: { values: sql`${preferences.values} || ${JSON.stringify(values)}::jsonb`, updatedAt: new Date() },
      });
    if (type === 'general') {
      const general = values as { country?: string; language?: string };
      await tx
        .update(accounts)
        .set({ ...(general.country ? { country: general.country } : {}), ...(general.language ? { language: general.language } : {}) })
        .where(eq(accounts.id, accountId));
    }
  });
}

/** Turns off one notification kind, or all of them. */
export async function unsubscribeNotifications(db: Db, accountId: string, type: NotificationKey | 'all'): Promise<void> {
  const keys = type === 'all' ? notificationKeys : [type];
  const off = Object.fromEntries(keys.map((key) => [key, false])) as Partial<Record<NotificationKey, boolean>>;
  await updatePreference(db, accountId, { type: 'notification', ...off });
}
