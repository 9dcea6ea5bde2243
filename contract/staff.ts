/**
 * The staff console (all under /api/v2/staff, signed, bearer). Every route answers 404 NOT_FOUND to anyone who
 * is not staff right now (the role is read from the database on every request), so the console does not show
 * that it exists. Every action takes a reason and writes one audit row in the same transaction.
 *
 *   GET  /staff/session                         → { data: { staff: boolean } }  any signed-in account: the console link
 *   GET  /staff/reports?page&limit               → StaffReportList                open reports grouped by target
 *   POST /staff/reports/:target/:uri/hide        { reason } → ModerationResult    take down; open reports → actioned
 *   POST /staff/reports/:target/:uri/restore     { reason } → ModerationResult    undo a take-down
 *   POST /staff/reports/:target/:uri/dismiss     { reason } → ModerationResult    open reports → dismissed
 *   GET  /staff/accounts?q                       → { data: StaffAccount }         by email or username
 *   POST /staff/accounts/:uuid/suspend           { reason } → { data: StaffAccount }
 *   GET  /staff/appeals?page&limit               → StaffAppealList                pending appeals, oldest first
 *   POST /staff/appeals/:uuid/lift               { reason } → { data: StaffAccount }   ACCEPTED, suspension cleared
 *   POST /staff/appeals/:uuid/keep               { reason } → { data: StaffAccount }   REJECTED, stays suspended
 *   GET  /staff/audit?page&limit                 → StaffAuditList                 newest first
 */
import { z } from 'zod';
import { appealStatuses } from './account.ts';
import { reportReasons } from './report.ts';

export const STAFF_PAGE_SIZE_DEFAULT = 20;
export const STAFF_PAGE_SIZE_MAX = 50;
export const STAFF_REASON_MIN = 3;
export const STAFF_REASON_MAX = 500;

export const staffPageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(STAFF_PAGE_SIZE_DEFAULT),
});
export type StaffPageQuery = z.input<typeof staffPageQuery>;

/** Why staff acted: required, shown in the audit log. */
export const staffReasonBody = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(STAFF_REASON_MIN, `Give a reason of at least ${STAFF_REASON_MIN} characters`)
    .max(STAFF_REASON_MAX, `The reason must be at most ${STAFF_REASON_MAX} characters`),
});
export type StaffReasonBody = z.input<typeof staffReasonBody>;

export const moderationTargets = ['campaign', 'post'] as const;
export type ModerationTarget = (typeof moderationTargets)[number];

export const moderationParams = z.strictObject({ target: z.enum(moderationTargets), uri: z.string().min(1).max(120) });

export const staffReportGroup = z.object({
  target: z.enum(moderationTargets),
  uri: z.string(),
  /** The campaign's title; for a post, its caption (may be empty). */
  title: z.string(),
  /** Username of the campaign's creator or the post's author. */
  owner: z.string(),
  hidden: z.boolean(),
  count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(reportReasons), count: z.number().int() })),
  /** The latest non-empty details, newest first (at most 5). */
  details: z.array(z.string()),
  firstReportedAt: z.iso.datetime(),
  lastReportedAt: z.iso.datetime(),
});
export type StaffReportGroup = z.infer<typeof staffReportGroup>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() }) });

export const staffReportListResponse = page(staffReportGroup);
export type StaffReportList = z.infer<typeof staffReportListResponse>['data'];

export const moderationResponse = z.object({
  data: z.object({ target: z.enum(moderationTargets), uri: z.string(), hidden: z.boolean(), reportsClosed: z.number().int() }),
});
export type ModerationResult = z.infer<typeof moderationResponse>['data'];

export const staffAccount = z.object({
  uuid: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  suspendedAt: z.iso.datetime().nullable(),
  appealStatus: z.enum(appealStatuses),
  staff: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

export const staffAccountQuery = z.strictObject({ q: z.string().trim().min(1, 'Enter an email or a username').max(254) });
export const staffAccountParams = z.strictObject({ uuid: z.uuid('Not an account id') });
export const staffAccountResponse = z.object({ data: staffAccount });

export const staffAppeal = z.object({
  account: staffAccount,
  message: z.string(),
  /** A short-lived signed link to the evidence the person attached; null when none. */
  fileUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffAppeal = z.infer<typeof staffAppeal>;
export const staffAppealListResponse = page(staffAppeal);
export type StaffAppealList = z.infer<typeof staffAppealListResponse>['data'];

export const staffActionKinds = ['hide', 'restore', 'dismiss', 'suspend', 'lift', 'keep', 'approve', 'reject', 'pay', 'refund', 'warn'] as const;
export type StaffActionKind = (typeof staffActionKinds)[number];
/** What a staff action concerns: a campaign or post (by URI), an account (uuid), a monetization application (the account's uuid), a payout, an order, a piracy flag (ids). */
export const staffTargetTypes = ['campaign', 'post', 'account', 'application', 'payout', 'order', 'piracyFlag'] as const;
export type StaffTargetType = (typeof staffTargetTypes)[number];

export const staffAuditEntry = z.object({
  id: z.number().int(),
  staffEmail: z.string(),
  action: z.enum(staffActionKinds),
  targetType: z.enum(staffTargetTypes),
  targetId: z.string(),
  reason: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntry>;
export const staffAuditListResponse = page(staffAuditEntry);
export type StaffAuditList = z.infer<typeof staffAuditListResponse>['data'];

export const staffSessionResponse = z.object({ data: z.object({ staff: z.boolean() }) });
