/**
 * Reports by visitors (under /api/v2, signed; no account needed):
 *   POST /reports → 201 { data: { id } }   body ReportBody; one report per person (fingerprint) and target:
 *                                          a repeat answers 409 ALREADY_REPORTED and changes nothing.
 */
import { z } from 'zod';

export const reportReasons = ['spam', 'hate', 'violence', 'sexual', 'harassment', 'impersonation', 'copyright', 'misinformation', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

export const REPORT_DETAILS_MAX = 1000;

export const reportBody = z
  .strictObject({
    target: z.enum(['campaign', 'post']),
    uri: z.string().min(1).max(120),
    reason: z.enum(reportReasons),
    details: z.string().trim().max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`).default(''),
  })
  .refine((body) => body.reason !== 'other' || body.details.length > 0, { message: 'Tell us what is wrong', path: ['details'] });
export type ReportBody = z.input<typeof reportBody>;

export const reportResponse = z.object({ data: z.object({ id: z.string() }) });
