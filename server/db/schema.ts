import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A photo hole in a frame, in frame pixels. */
export interface FrameHole {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Minimal creator account; auth fields arrive with the account issue. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  avatarKey: text('avatar_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    thumbnailKey: text('thumbnail_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaigns_visibility_created_idx').on(table.visibility, table.createdAt),
    index('campaigns_creator_idx').on(table.creatorId),
    check('campaigns_type_check', sql`${table.type} in ('frame', 'background')`),
    check('campaigns_visibility_check', sql`${table.visibility} in ('public', 'unlisted', 'private')`),
  ],
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
  },
  (table) => [index('campaign_frames_campaign_idx').on(table.campaignId, table.position)],
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
