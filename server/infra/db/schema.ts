import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AppealStatus, MonetizationState } from '../../../contract/account.ts';
import type { DesignDocument, DesignKind } from '../../../contract/design.ts';
import { orderKinds } from '../../../contract/order.ts';
import { staffActionKinds, staffTargetTypes } from '../../../contract/staff.ts';

/** A photo hole in a frame, in frame pixels. */
export interface FrameHole {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A paid plan; null on the account means the free plan. */
export interface Subscription {
  plan: string;
}

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Public id: the token subject. */
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  /** Always trimmed and lower-cased. */
  email: text('email').notNull().unique(),
  avatarKey: text('avatar_key'),
  bannerKey: text('banner_key'),
  /** argon2id PHC string; null for accounts that only sign in with a provider. */
  passwordHash: text('password_hash'),
  isVerified: boolean('is_verified').notNull().default(false),
  bio: text('bio').notNull().default(''),
  websiteLink: text('website_link').notNull().default(''),
  country: text('country'),
  language: text('language'),
  locale: text('locale'),
  /** Copied into every token; bumping it kills all tokens issued before. */
  tokenVersion: integer('token_version').notNull().default(0),
  lastPasswordUpdate: timestamp('last_password_update', { withTimezone: true }),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  appealStatus: text('appeal_status').$type<AppealStatus>().notNull().default('NOT_YET'),
  applyMonetization: text('apply_monetization').$type<MonetizationState>().notNull().default('FORM'),
  subscription: jsonb('subscription').$type<Subscription | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** 'staff' for the staff console (granted and revoked only by `npm run staff`); null for everyone else. */
  staffRole: text('staff_role').$type<'staff'>(),
});

export const identityProviders = ['google', 'facebook', 'apple'] as const;
export type IdentityProvider = (typeof identityProviders)[number];

/** A social sign-in linked to an account (one per provider). */
export const accountIdentities = pgTable(
  'account_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: identityProviders }).notNull(),
    subject: text('subject').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('account_identities_provider_subject_key').on(table.provider, table.subject),
    unique('account_identities_account_provider_key').on(table.accountId, table.provider),
    check('account_identities_provider_check', sql`${table.provider} in ('google', 'facebook', 'apple')`),
  ],
);

export const verificationKinds = ['registration', 'email_update'] as const;
export type VerificationKind = (typeof verificationKinds)[number];

/** The one live 6-digit code per account and kind; the code is stored as a hash. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: verificationKinds }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Where the code was sent (the new address for an email update). */
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('verification_codes_account_kind_key').on(table.accountId, table.kind),
    check('verification_codes_kind_check', sql`${table.kind} in ('registration', 'email_update')`),
  ],
);

/** A pending email change; the ticket (hashed) lets the old address cancel it. */
export const emailChanges = pgTable('email_changes', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  ticketHash: text('ticket_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResetTickets = pgTable(
  'password_reset_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketHash: text('ticket_hash').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tickets_account_idx').on(table.accountId)],
);

/**
 * Rotating refresh tokens (server/domain/refreshTokens.ts): one row per token ever handed out, only its hash
 * stored. A sign-in starts a family; each refresh marks its token used and adds the successor. Used rows stay
 * until they expire, so presenting one again is recognised as reuse and revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** accounts.token_version when the family started: a later password reset or sign-out everywhere ends it. */
    tokenVersion: integer('token_version').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_account_idx').on(table.accountId)],
);

export const preferenceTypes = ['general', 'notification'] as const;
export type PreferenceType = (typeof preferenceTypes)[number];

export const preferences = pgTable(
  'preferences',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: preferenceTypes }).notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'preferences_pkey', columns: [table.accountId, table.type] }),
    check('preferences_type_check', sql`${table.type} in ('general', 'notification')`),
  ],
);

export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    fileKey: text('file_key'),
    status: text('status').$type<AppealStatus>().notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('appeals_account_idx').on(table.accountId, table.createdAt)],
);

/** Facebook data-deletion callbacks; the status page is looked up by confirmation code. */
export const facebookDeletions = pgTable('facebook_deletions', {
  confirmationCode: text('confirmation_code').primaryKey(),
  subject: text('subject').notNull(),
  status: text('status').notNull().default('PENDING'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** PostgreSQL's tsvector, read as its text form (only the search queries use it, inside SQL). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uri: text('uri').notNull().unique(),
    type: text('type', { enum: ['frame', 'background'] }).notNull().default('frame'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    caption: text('caption').notNull().default(''),
    category: text('category').notNull().default('other'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    visibility: text('visibility', { enum: ['public', 'unlisted', 'private'] }).notNull().default('public'),
    accessCodeHash: text('access_code_hash'),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportersCount: integer('supporters_count').notNull().default(0),
    visitsCount: integer('visits_count').notNull().default(0),
    /**
     * 600×600 list image; null from a create or a change of the first frame or title until the campaign-previews job
     * has made it (readers show the first frame meanwhile: campaignThumbnailKey).
     */
    thumbnailKey: text('thumbnail_key'),
    /** 1200×630 link-preview image; null until generated (by the campaign-previews job). */
    ogImageKey: text('og_image_key'),
    /** 600×600 link-preview image, written with ogImageKey; null for campaigns whose previews predate it. */
    ogSquareKey: text('og_square_key'),
    /**
     * The first frame at display size (WebP, contract/frameImageSources.ts), written with the other previews; null
     * until then and for campaigns whose previews predate it (pages show the frame's PNG alone).
     */
    frameDisplayKey: text('frame_display_key'),
    /** The campaign's language (a seed locale code) when known: search stems its text in that language. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Search document (migration 0008, server/domain/search.ts): title, tags and description, weighted, stemmed in `language`. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`public.search_campaign_vector("language", "title", "tags", "description")`),
    /** Title and tags without accents, lower-cased: what typos are forgiven in (pg_trgm). */
    searchText: text('search_text').generatedAlwaysAs(sql`public.search_campaign_text("title", "tags")`),
    /** Taken down by staff (server/domain/moderation.ts): not found for everyone but staff, out of every list. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (table) => [
    index('campaigns_visibility_created_idx').on(table.visibility, table.createdAt),
    index('campaigns_creator_idx').on(table.creatorId),
    check('campaigns_type_check', sql`${table.type} in ('frame', 'background')`),
    check('campaigns_visibility_check', sql`${table.visibility} in ('public', 'unlisted', 'private')`),
  ],
);

/**
 * The distinct words of public campaigns (title, tags, description; lower-cased, without accents) and how many
 * campaigns have each: search corrects a typo to its most similar words here (pg_trgm). Kept by triggers on
 * campaigns (migration 0009): never written by the app.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    ndoc: integer('ndoc').notNull(),
  },
  (table) => [index('search_words_word_trgm_idx').using('gist', table.word.op('gist_trgm_ops'))],
);

export const campaignFrames = pgTable(
  'campaign_frames',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    holes: jsonb('holes').$type<FrameHole[]>().notNull().default(sql`'[]'::jsonb`),
    /** Share of transparent pixels, 0..1, as the server measured it. */
    transparentShare: real('transparent_share').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('campaign_frames_campaign_idx').on(table.campaignId, table.position)],
);

/** One row per person who supported a campaign: counted once per account and once per fingerprint. */
export const campaignSupports = pgTable(
  'campaign_supports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Hash of the fingerprint cookie, never the raw value. */
    fingerprint: text('fingerprint').notNull(),
    frameId: uuid('frame_id'),
    /** Two-letter country of the supporter's IP when known (creator analytics, leaderboard per country). */
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaign_supports_campaign_created_idx').on(table.campaignId, table.createdAt),
    index('campaign_supports_created_idx').on(table.createdAt),
    unique('campaign_supports_campaign_fingerprint_key').on(table.campaignId, table.fingerprint),
    uniqueIndex('campaign_supports_campaign_account_key').on(table.campaignId, table.accountId).where(sql`${table.accountId} is not null`),
  ],
);

/** Last counted visit of a fingerprint to a campaign page; a visit counts again after a quiet period. */
export const campaignVisits = pgTable(
  'campaign_visits',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.fingerprint] })],
);

/** A result a supporter chose to publish at /p/{uri}. */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uri: text('uri').notNull().unique(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    caption: text('caption').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Taken down by staff (server/domain/moderation.ts), like campaigns.hidden_at. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (table) => [index('posts_campaign_idx').on(table.campaignId, table.createdAt), index('posts_author_idx').on(table.authorId)],
);

/** A visitor's report of a campaign or a post; one per fingerprint and target. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    target: text('target', { enum: ['campaign', 'post'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('reports_target_fingerprint_key').on(table.target, table.targetId, table.fingerprint),
    check('reports_target_check', sql`${table.target} in ('campaign', 'post')`),
    index('reports_open_target_idx').on(table.target, table.targetId).where(sql`${table.status} = 'open'`),
  ],
);

/** Nonces of accepted signed requests, kept until their token could no longer be valid. */
export const requestNonces = pgTable(
  'request_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('request_nonces_expires_idx').on(table.expiresAt)],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fingerprint: text('fingerprint').notNull(),
    path: text('path').notNull(),
    routeName: text('route_name').notNull(),
    referrer: text('referrer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_views_created_idx').on(table.createdAt)],
);

/** A frame designer draft saved by its account (contract/designDraft.ts); the id is the document's own. */
export const designDrafts = pgTable(
  'design_drafts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<DesignKind>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Migrated and validated on every save. */
    document: jsonb('document').$type<DesignDocument>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the server to the millisecond, so a client's `baseUpdatedAt` compares exactly. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'design_drafts_pkey', columns: [table.accountId, table.id] }),
    check('design_drafts_kind_check', sql`${table.kind} in ('frame', 'background')`),
  ],
);

/** One row per counted campaign visit (CampaignVisitService), for the creator's analytics over time. */
export const campaignVisitEvents = pgTable(
  'campaign_visit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Two-letter country of the visitor's IP when known. */
    country: text('country'),
    /** Host of the referring page, lower-cased, null for a direct visit; never the full URL. */
    referrerHost: text('referrer_host'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('campaign_visit_events_campaign_created_idx').on(table.campaignId, table.createdAt)],
);

export const shareChannels = ['whatsapp', 'facebook', 'x', 'telegram', 'copy_link', 'native', 'download'] as const;
export type ShareChannel = (typeof shareChannels)[number];

/** A share of a campaign or its result through one of the page's share controls (first-party, no third party sees it). */
export const campaignShares = pgTable(
  'campaign_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: shareChannels }).notNull(),
    /** Hash of the fingerprint cookie, never the raw value. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaign_shares_campaign_created_idx').on(table.campaignId, table.createdAt),
    check('campaign_shares_channel_check', sql`${table.channel} in ('whatsapp', 'facebook', 'x', 'telegram', 'copy_link', 'native', 'download')`),
  ],
);

/** A creator's group of campaigns at /c/{uri} (their own or any public ones). */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uri: text('uri').notNull().unique(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Storage key of the cover image; null shows the first campaign's thumbnail. */
    coverKey: text('cover_key'),
    visibility: text('visibility', { enum: ['public', 'unlisted'] }).notNull().default('public'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('collections_visibility_created_idx').on(table.visibility, table.createdAt),
    index('collections_creator_idx').on(table.creatorId),
    check('collections_visibility_check', sql`${table.visibility} in ('public', 'unlisted')`),
  ],
);

/** A campaign in a collection, in the creator's order. */
export const collectionCampaigns = pgTable(
  'collection_campaigns',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'collection_campaigns_pkey', columns: [table.collectionId, table.campaignId] }),
    index('collection_campaigns_position_idx').on(table.collectionId, table.position),
    index('collection_campaigns_campaign_idx').on(table.campaignId),
  ],
);

export const leaderboardPeriods = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];
export const leaderboardKinds = ['campaign', 'creator'] as const;
export type LeaderboardKind = (typeof leaderboardKinds)[number];

/**
 * The leaderboard as last computed (refreshed on a schedule, so a request reads a few rows, never scans the
 * supports): per period, scope (a two-letter country, or WW for worldwide) and kind, the ranked subjects.
 */
export const leaderboardEntries = pgTable(
  'leaderboard_entries',
  {
    period: text('period', { enum: leaderboardPeriods }).notNull(),
    scope: text('scope').notNull(),
    kind: text('kind', { enum: leaderboardKinds }).notNull(),
    rank: integer('rank').notNull(),
    /** A campaign id or an account id, after `kind`. */
    subjectId: uuid('subject_id').notNull(),
    supporters: integer('supporters').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'leaderboard_entries_pkey', columns: [table.period, table.scope, table.kind, table.rank] }),
    index('leaderboard_entries_subject_idx').on(table.kind, table.subjectId),
    check('leaderboard_entries_period_check', sql`${table.period} in ('week', 'month', 'all')`),
    check('leaderboard_entries_kind_check', sql`${table.kind} in ('campaign', 'creator')`),
  ],
);

export const notificationTypes = ['milestone', 'trending', 'campaignRecap', 'whatsNew', 'article', 'submission', 'comments'] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const notificationMailStates = ['pending', 'sent', 'skipped', 'failed'] as const;
export type NotificationMailState = (typeof notificationMailStates)[number];

/**
 * An in-app notification; also the mail outbox: a background job mails rows whose mail_state is pending
 * (honouring the preference of their type) and marks them. One row per event: dedupe_key is unique per account.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    /** The event's identity, e.g. `milestone:{campaignId}:100`: the same event never notifies twice. */
    dedupeKey: text('dedupe_key').notNull(),
    /** What the message needs (campaign uri and title, the milestone, …), rendered per locale by the client and the mailer. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailState: text('mail_state', { enum: notificationMailStates }).notNull().default('pending'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('notifications_account_dedupe_key').on(table.accountId, table.dedupeKey),
    index('notifications_account_created_idx').on(table.accountId, table.createdAt),
    index('notifications_mail_pending_idx').on(table.createdAt).where(sql`${table.mailState} = 'pending'`),
    check('notifications_type_check', sql`${table.type} in ('milestone', 'trending', 'campaignRecap', 'whatsNew', 'article', 'submission', 'comments')`),
    check('notifications_mail_state_check', sql`${table.mailState} in ('pending', 'sent', 'skipped', 'failed')`),
  ],
);

export const paymentProviders = ['sandbox', 'durianpay', 'stripe'] as const;
export type PaymentProviderId = (typeof paymentProviders)[number];
export const orderStatuses = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * A purchase of one plan period. The amount is priced on the server from the plan catalog (contract/plan.ts),
 * in integer minor units of its currency. An order outlives its account (account_id is then null): invoices
 * and the ledger are kept.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The client's key for one checkout attempt: the same key returns the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What is bought (contract/order.ts orderKinds); each kind is fulfilled by its own module (server/domain/orderFulfilment.ts). */
    kind: text('kind', { enum: orderKinds }).notNull().default('plan'),
    /** The plan offer bought; set exactly when kind is 'plan'. */
    planId: text('plan_id'),
    /** The priced item of the other kinds: a credit pack id, 'nowatermark', or 'donation'. */
    itemId: text('item_id'),
    /** The campaign a no-watermark result or a donation is for. */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** Paid through a test provider: no real money moved. */
    isTest: boolean('is_test').notNull().default(false),
    catalogVersion: integer('catalog_version').notNull(),
    currency: text('currency', { enum: ['IDR', 'USD'] }).notNull(),
    amount: integer('amount').notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The provider's id of the payment (DurianPay order id, Stripe Checkout Session id, sandbox payment id). */
    providerRef: text('provider_ref'),
    /** What the browser needs to pay: a redirect URL or the provider's client data. */
    checkout: jsonb('checkout').$type<Record<string, unknown>>(),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    /** true for an order the renewal job made for the next period. */
    isRenewal: boolean('is_renewal').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('orders_account_idempotency_key').on(table.accountId, table.idempotencyKey),
    uniqueIndex('orders_anonymous_idempotency_key').on(table.idempotencyKey).where(sql`${table.accountId} is null`),
    index('orders_campaign_idx').on(table.campaignId, table.kind).where(sql`${table.campaignId} is not null`),
    check('orders_kind_check', sql`${table.kind} in ('plan', 'credits', 'nowatermark', 'donation')`),
    check('orders_plan_kind_check', sql`(${table.kind} = 'plan') = (${table.planId} is not null)`),
    uniqueIndex('orders_provider_ref_idx').on(table.provider, table.providerRef),
    index('orders_account_created_idx').on(table.accountId, table.createdAt),
    index('orders_pending_expires_idx').on(table.expiresAt).where(sql`${table.status} = 'pending'`),
    check('orders_amount_check', sql`${table.amount} > 0`),
    check('orders_status_check', sql`${table.status} in ('pending', 'paid', 'failed', 'expired', 'refunded')`),
    check('orders_currency_check', sql`${table.currency} in ('IDR', 'USD')`),
  ],
);

/**
 * Append-only money ledger: every change of an order's state (created, paid, failed, expired, refunded…),
 * with the amount and currency it concerns. A trigger refuses UPDATE and DELETE.
 */
export const orderLedger = pgTable(
  'order_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    entry: text('entry').notNull(),
    /** Minor units; negative for a refund. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The provider event that caused it, when one did. */
    providerEventId: text('provider_event_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_ledger_order_idx').on(table.orderId, table.id)],
);

/** Webhook events already applied, by provider and the provider's event id: a repeated delivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: paymentProviders }).notNull(),
    eventId: text('event_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

export const subscriptionStates = ['active', 'ended'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

/**
 * An account's paid plan over time (one row per account). accounts.subscription is the claim the ID token
 * carries ({ plan }); it is written in the same transaction as this row and is null once the plan ended.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    state: text('state', { enum: subscriptionStates }).notNull(),
    currency: text('currency', { enum: ['IDR', 'USD'] }).notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** Cancelled by the person: it runs to the end of the period, then ends. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The provider's subscription id where the provider renews natively (Stripe); null when our job renews. */
    providerSubscriptionId: text('provider_subscription_id'),
    lastOrderId: uuid('last_order_id').references(() => orders.id),
    /** When the renewal reminder for the current period was mailed. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_active_period_end_idx').on(table.currentPeriodEnd).where(sql`${table.state} = 'active'`),
    check('subscriptions_state_check', sql`${table.state} in ('active', 'ended')`),
  ],
);

/** An invoice for a paid order, numbered without gaps (1, 2, 3…) with the seller and buyer as they were. */
export const invoices = pgTable('invoices', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  number: integer('number').notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  seller: jsonb('seller').$type<InvoiceParty>().notNull(),
  buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
  lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
  currency: text('currency').notNull(),
  subtotal: integer('subtotal').notNull(),
  /** Basis points of the configured tax rate (1100 = 11 %); 0 when none is configured. */
  taxRateBps: integer('tax_rate_bps').notNull(),
  tax: integer('tax').notNull(),
  total: integer('total').notNull(),
});

export interface InvoiceParty {
  name: string;
  email?: string;
  address?: string;
  taxId?: string;
}

export interface InvoiceLine {
  description: string;
  planId: string;
  quantity: number;
  /** Minor units. */
  unitAmount: number;
  amount: number;
}

/**
 * Append-only audit log of the staff console (server/domain/staffAudit.ts): one row per staff action, written in
 * the same transaction as the action. A trigger refuses UPDATE and DELETE (migration 0011); staff read it, never change it.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The staff account's id (no foreign key: the log outlives a deleted account, and it is never updated), and its email then. */
    staffId: uuid('staff_id').notNull(),
    staffEmail: text('staff_email').notNull(),
    action: text('action', { enum: staffActionKinds }).notNull(),
    targetType: text('target_type', { enum: staffTargetTypes }).notNull(),
    /** The target's public id: a campaign or post URI, an account's uuid. */
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_actions_created_idx').on(table.createdAt, table.id),
    check('staff_actions_action_check', sql`${table.action} in ('hide', 'restore', 'dismiss', 'suspend', 'lift', 'keep', 'approve', 'reject', 'pay', 'refund', 'warn')`),
    check('staff_actions_target_type_check', sql`${table.targetType} in ('campaign', 'post', 'account', 'application', 'payout', 'order', 'piracyFlag')`),
  ],
);

export const ledgerBooks = ['credits', 'earnings', 'platform'] as const;
export type LedgerBook = (typeof ledgerBooks)[number];

/**
 * Balances of accounts, as entries only (server/domain/ledger.ts): an account's credits (currency 'CRD'), a
 * creator's earnings and the platform's fees (IDR or USD minor units). A balance is the sum of its entries and is
 * never stored. Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE); a correction is a new entry. No
 * foreign key to accounts: entries outlive a deleted account, as the staff log does. `ref` makes an entry
 * idempotent: one entry per book, kind and ref.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The account whose balance this is; null for the platform book. */
    accountId: uuid('account_id'),
    book: text('book', { enum: ledgerBooks }).notNull(),
    /** 'CRD' for credits, else IDR or USD. */
    currency: text('currency').notNull(),
    /** Signed: credits in whole credits, money in minor units. */
    amount: integer('amount').notNull(),
    /** Why: topup, spend, refund, revoke (credits); donation, fee, payout, payout_return (earnings, platform)… */
    kind: text('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    ref: text('ref'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_balance_idx').on(table.accountId, table.book, table.currency, table.id),
    uniqueIndex('ledger_entries_ref_idx').on(table.book, table.kind, table.ref).where(sql`${table.ref} is not null`),
    check('ledger_entries_book_check', sql`${table.book} in ('credits', 'earnings', 'platform')`),
    check('ledger_entries_currency_check', sql`(${table.book} = 'credits') = (${table.currency} = 'CRD') and ${table.currency} in ('CRD', 'IDR', 'USD')`),
    check('ledger_entries_account_check', sql`(${table.book} = 'platform') = (${table.accountId} is null)`),
    check('ledger_entries_amount_check', sql`${table.amount} <> 0`),
  ],
);

/**
 * A result whose watermark was bought off, for one campaign and one placement the supporter's device made
 * (`result_key`, the client's id of that result; the photo never leaves the device). Paid with credits at once
 * (paid_at set in the same transaction as the spend), or by an order (paid_at set when the order is paid).
 */
export const watermarkUnlocks = pgTable(
  'watermark_unlocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    resultKey: text('result_key').notNull(),
    method: text('method', { enum: ['credits', 'payment'] }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('watermark_unlocks_result').on(table.accountId, table.campaignId, table.resultKey),
    check('watermark_unlocks_method_check', sql`${table.method} in ('credits', 'payment')`),
  ],
);

/** A campaign's donation settings, set by its creator. */
export const campaignDonations = pgTable(
  'campaign_donations',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    cause: text('cause').notNull(),
    /** Minor units of `currency`; null for no goal. */
    goalAmount: integer('goal_amount'),
    currency: text('currency', { enum: ['IDR', 'USD'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('campaign_donations_currency_check', sql`${table.currency} in ('IDR', 'USD')`), check('campaign_donations_goal_check', sql`${table.goalAmount} is null or ${table.goalAmount} > 0`)],
);

/** One donation: its order carries the money (status, amount, currency); this row carries what the donor shows. */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    donorAccountId: uuid('donor_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Shown on the donor wall unless anonymous. */
    donorName: text('donor_name'),
    message: text('message'),
    anonymous: boolean('anonymous').notNull().default(false),
    /** Hidden from the donor wall by the campaign's creator (the money still counts). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('donations_campaign_created_idx').on(table.campaignId, table.createdAt)],
);

/** A creator's monetization application; the state is accounts.apply_monetization (FORM → PENDING → APPROVED or REJECTED). */
export const monetizationApplications = pgTable('monetization_applications', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  country: text('country').notNull(),
  /** Where payouts go, e.g. { type: 'bank', bank, accountName, accountNumber }. */
  payoutMethod: jsonb('payout_method').$type<Record<string, unknown>>().notNull(),
  /** The campaigns the creator means to monetize (ids). */
  campaignIds: jsonb('campaign_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: uuid('decided_by'),
  /** Staff's reason, shown to the creator on rejection. */
  reason: text('reason'),
});

export const payoutStates = ['requested', 'paid', 'rejected'] as const;

/** A creator's request to be paid their available earnings; its ledger entries are in ledger_entries (kind payout, payout_return). */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency', { enum: ['IDR', 'USD'] }).notNull(),
    amount: integer('amount').notNull(),
    state: text('state', { enum: payoutStates }).notNull().default('requested'),
    /** The payout method as it was when requested. */
    method: jsonb('method').$type<Record<string, unknown>>().notNull(),
    /** The bank or provider's transfer reference, entered by staff. */
    reference: text('reference'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
  },
  (table) => [
    index('payouts_state_requested_idx').on(table.state, table.requestedAt),
    index('payouts_account_idx').on(table.accountId, table.requestedAt),
    check('payouts_amount_check', sql`${table.amount} > 0`),
    check('payouts_state_check', sql`${table.state} in ('requested', 'paid', 'rejected')`),
  ],
);

/** A perceptual hash (64-bit dHash) of each uploaded frame, to find a frame re-uploaded by another creator. */
export const frameFingerprints = pgTable(
  'frame_fingerprints',
  {
    frameId: uuid('frame_id')
      .primaryKey()
      .references(() => campaignFrames.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').notNull(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('frame_fingerprints_creator_idx').on(table.creatorId)],
);

/** A new frame that matches another creator's earlier frame, flagged to staff. */
export const piracyFlags = pgTable(
  'piracy_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    frameId: uuid('frame_id').notNull(),
    matchedCampaignId: uuid('matched_campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    matchedFrameId: uuid('matched_frame_id').notNull(),
    /** Hamming distance of the two hashes (0 = the same picture). */
    distance: integer('distance').notNull(),
    status: text('status', { enum: ['open', 'actioned', 'dismissed'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    unique('piracy_flags_pair').on(table.frameId, table.matchedFrameId),
    index('piracy_flags_open_idx').on(table.createdAt).where(sql`${table.status} = 'open'`),
    check('piracy_flags_status_check', sql`${table.status} in ('open', 'actioned', 'dismissed')`),
  ],
);

/** Jobs that failed their last attempt (server/infra/jobs), kept for an operator to read and replay by hand. */
export const jobDeadLetters = pgTable(
  'job_dead_letters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_dead_letters_failed_idx').on(table.failedAt)],
);
