import { and, eq, ne } from 'drizzle-orm';
import {
  accountUpdateBody,
  accountUpdateResponse,
  emailUpdateCancelResponse,
  idTokenResponse,
  photoProfileBody,
  presignedBannerBody,
  presignedBannerResponse,
  presignedPhotoBody,
  presignedPhotoResponse,
  resetEmailQuery,
  resetEmailResponse,
  type AccountUpdateResponse,
} from '../../contract/accountProfile.ts';
import type { AppContext, ZodApp } from '../context.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { accountDetailsFor, issueIdToken, type AccountRow } from '../domain/accounts.ts';
import { assertEmailFree, cancelEmailChange, cancelOwnEmailChange, mailEmailChange, pendingEmailChange, prepareEmailChange, type PreparedEmailChange } from '../domain/emailChanges.ts';
import { adoptImageUpload, presignImageUpload, type ImagePurpose } from '../domain/uploads.ts';
import { isUniqueViolation } from '../infra/db/uniqueViolation.ts';

/** Where processed images live; public so image hosts and other visitors can read them. */
const imageFolder = (purpose: 'avatar' | 'banner', accountUuid: string) => `public/${purpose}s/${accountUuid}`;

/** PATCH /account/update, photo and banner uploads, POST /account/photo-profile, email-change cancels. */
export function accountProfileRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const signedIn = requireAccount(ctx);

  /** Validates and re-encodes an upload of this account; null clears the image. */
  async function adopt(purpose: 'avatar' | 'banner', key: string | null, account: AccountRow): Promise<string | null> {
    if (key === null) return null;
    return adoptImageUpload(ctx.storage, { key, purpose: purpose satisfies ImagePurpose, accountUuid: account.uuid, destination: imageFolder(purpose, account.uuid) });
  }

  /** Removes replaced images this account owns (never shared demo files). */
  async function removeOwnImages(account: AccountRow, keys: (string | null)[]): Promise<void> {
    for (const key of keys) {
      if (key && (key.startsWith(`${imageFolder('avatar', account.uuid)}/`) || key.startsWith(`${imageFolder('banner', account.uuid)}/`))) {
        await ctx.storage.delete(key).catch(() => undefined);
      }
    }
  }

  app.patch('/account/update', { preHandler: signedIn, schema: { body: accountUpdateBody, response: { 200: accountUpdateResponse } } }, async (request) => {
    const account = accountOf(request);
    const body = request.body;
    const newEmail = body.email !== undefined && body.email !== account.email ? body.email : undefined;
    const profile = {
      ...(body.username !== undefined && body.username !== account.username ? { username: body.username } : {}),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.bio !== undefined ? { bio: body.bio } : {}),
      ...(body.websiteLink !== undefined ? { websiteLink: body.websiteLink } : {}),
    };
    if (!newEmail && Object.keys(profile).length === 0 && body.avatar === undefined && body.banner === undefined) {
      throw new DomainError('VALIDATION_FAILED', 'Nothing to change: this is already your email address', { email: 'Same as the current address' });
    }
    // Every check runs before anything is written.
    if (profile.username) {
      const [taken] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.username, profile.username), ne(accounts.id, account.id))).limit(1);
      if (taken) throw new DomainError('CONFLICT', 'This username is taken', { username: 'Already taken' });
    }
    if (newEmail) await assertEmailFree(db, newEmail, account.id);
    const adopted: string[] = [];
    let changes: Partial<typeof accounts.$inferInsert> = profile;
    let change: PreparedEmailChange | undefined;
    let updated: AccountRow = account;
    try {
      if (body.avatar !== undefined) changes = { ...changes, avatarKey: await adopt('avatar', body.avatar, account) };
      if (changes.avatarKey) adopted.push(changes.avatarKey);
      if (body.banner !== undefined) changes = { ...changes, bannerKey: await adopt('banner', body.banner, account) };
      if (changes.bannerKey) adopted.push(changes.bannerKey);
      await db.transaction(async (tx) => {
        if (Object.keys(changes).length > 0) [updated] = await tx.update(accounts).set(changes).where(eq(accounts.id, account.id)).returning() as [AccountRow];
        if (newEmail) change = await prepareEmailChange(ctx, tx as unknown as Db, account, newEmail);
      });
    } catch (error) {
      await removeOwnImages(account, adopted);
      if (isUniqueViolation(error)) throw new DomainError('CONFLICT', 'This username is taken', { username: 'Already taken' });
      throw error;
    }
    await removeOwnImages(account, [
      changes.avatarKey !== undefined && changes.avatarKey !== account.avatarKey ? account.avatarKey : null,
      changes.bannerKey !== undefined && changes.bannerKey !== account.bannerKey ? account.bannerKey : null,
    ]);
    if (change) await mailEmailChange(ctx, account, change, request.log);
    const data: AccountUpdateResponse['data'] = { emailUpdate: change?.update ?? (await pendingEmailChange(db, account.id)), account: accountDetailsFor(updated, ctx.storage) };
    if (Object.keys(changes).length > 0) data.idToken = await issueIdToken(ctx, updated);
    return { data };
  });

  app.post('/account/presigned/photo-profile', { preHandler: signedIn, schema: { body: presignedPhotoBody, response: { 200: presignedPhotoResponse } } }, async (request) => ({
    data: await presignImageUpload(ctx.storage, 'avatar', accountOf(request).uuid, request.body.contentType),
  }));

  app.post('/account/presigned/banner', { preHandler: signedIn, schema: { body: presignedBannerBody, response: { 200: presignedBannerResponse } } }, async (request) => ({
    data: { banner: await presignImageUpload(ctx.storage, 'banner', accountOf(request).uuid, request.body.banner) },
  }));

  app.post('/account/photo-profile', { preHandler: signedIn, schema: { body: photoProfileBody, response: { 200: idTokenResponse } } }, async (request) => {
    const account = accountOf(request);
    const avatarKey = (await adopt('avatar', request.body.avatar, account))!;
    const [updated] = await db.update(accounts).set({ avatarKey }).where(eq(accounts.id, account.id)).returning();
    await removeOwnImages(account, [account.avatarKey]);
    return { data: { idToken: await issueIdToken(ctx, updated!) } };
  });

  app.post('/account/reset-email', { schema: { querystring: resetEmailQuery, response: { 200: resetEmailResponse } } }, async (request) => {
    const email = await cancelEmailChange(db, request.query.uuid, request.query.ticket);
    return { data: { cancelled: true as const, email } };
  });

  // The signed-in owner cancels from settings, without the ticket mailed to the old address.
  app.delete('/account/email-update', { preHandler: signedIn, schema: { response: { 200: emailUpdateCancelResponse } } }, async (request) => {
    const email = await cancelOwnEmailChange(db, accountOf(request).id);
    return { data: { cancelled: true as const, email } };
  });
}
