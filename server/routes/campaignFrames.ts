import { z } from 'zod';
import { presignedUpload } from '../../contract/accountProfile.ts';
import { CAMPAIGN_LIMITS, frameCheckBody, frameCheckResponse, framePresignBody } from '../../contract/campaignWrite.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import type { CampaignWriteService } from '../domain/campaignWrites.ts';
import { presignImageUpload } from '../domain/uploads.ts';

/** Frame checks per IP per hour: each decodes up to a 4096² PNG, so they are limited well below the global limit. */
export const FRAME_CHECKS_PER_IP = 120;

/** Frame uploads: a signed URL for the raw PNG, then the server's content check (the one adoption repeats). */
export function campaignFrameRoutes(app: ZodApp, ctx: AppContext, writes: CampaignWriteService): void {
  const signedIn = requireAccount(ctx);

  app.post('/campaigns/frames/presigned', { preHandler: signedIn, schema: { body: framePresignBody, response: { 200: z.object({ data: presignedUpload }) } } }, async (request) => ({
    data: await presignImageUpload(ctx.storage, 'frame', accountOf(request).uuid, request.body.contentType, CAMPAIGN_LIMITS.frameMaxBytes),
  }));

  app.post('/campaigns/frames/check', { config: { rateLimit: { max: FRAME_CHECKS_PER_IP, timeWindow: 60 * 60_000 } }, preHandler: signedIn, schema: { body: frameCheckBody, response: { 200: frameCheckResponse } } }, async (request) => ({
    data: await writes.checkUpload(accountOf(request), request.body.key, request.body.type),
  }));
}
