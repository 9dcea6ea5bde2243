/**
 * Staff review of frame matches (under /api/v2/staff, signed, bearer; 404 to anyone not staff):
 *
 *   GET  /staff/piracy?page&limit                → StaffPiracyList   open flags, oldest first
 *   POST /staff/piracy/:flagId/dismiss            { reason } → { data: StaffPiracyFlag }   not a copy
 *   POST /staff/piracy/:flagId/takedown           { reason } → …   hide the copy's campaign and warn its creator
 *   POST /staff/piracy/:flagId/suspend            { reason } → …   suspend the copy's creator
 */
import { z } from 'zod';
import { STAFF_PAGE_SIZE_DEFAULT, STAFF_PAGE_SIZE_MAX } from './staff.ts';

export const piracyActions = ['dismiss', 'takedown', 'suspend'] as const;
export type PiracyAction = (typeof piracyActions)[number];
export const piracyFlagStatuses = ['open', 'actioned', 'dismissed'] as const;

export const staffPiracyQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(STAFF_PAGE_SIZE_DEFAULT),
});
export const staffPiracyParams = z.strictObject({ flagId: z.uuid('Not a flag id') });

/** One side of a match: the frame (a URL staff can open) with its campaign and creator. */
export const piracySide = z.object({
  campaignUri: z.string(),
  campaignTitle: z.string(),
  hidden: z.boolean(),
  creatorUuid: z.string(),
  creatorUsername: z.string(),
  creatorSuspended: z.boolean(),
  frameUrl: z.string(),
  uploadedAt: z.iso.datetime(),
});
export type PiracySide = z.infer<typeof piracySide>;

export const staffPiracyFlag = z.object({
  id: z.uuid(),
  status: z.enum(piracyFlagStatuses),
  /** Bits of 64 that differ (0: the same picture). */
  distance: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The later frame, flagged as a possible copy. */
  copy: piracySide,
  /** The other creator's earlier frame it matches. */
  original: piracySide,
});
export type StaffPiracyFlag = z.infer<typeof staffPiracyFlag>;

export const staffPiracyListResponse = z.object({
  data: z.object({ items: z.array(staffPiracyFlag), page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export type StaffPiracyList = z.infer<typeof staffPiracyListResponse>['data'];
export const staffPiracyFlagResponse = z.object({ data: staffPiracyFlag });
