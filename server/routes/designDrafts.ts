import { z } from 'zod';
import {
  DESIGN_DRAFT_BODY_LIMIT,
  designDraftListResponse,
  designDraftParams,
  designDraftResponse,
  designDraftSaveBody,
  designDraftSaveResponse,
} from '../../contract/designDraft.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { DomainError } from '../domainError.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { DesignDraftService } from '../domain/designDrafts.ts';

/** Saves per account and per IP a minute: autosave sends at most one every 1.5 s per open designer. */
export const DESIGN_SAVES_PER_ACCOUNT = 60;
export const DESIGN_SAVES_PER_IP = 120;
const MINUTE_MS = 60_000;

/** The frame designer's server drafts (contract/designDraft.ts): the signed-in account's own, nobody else's. */
export function designDraftRoutes(app: ZodApp, ctx: AppContext): void {
  const drafts = new DesignDraftService(ctx.database.db);
  const signedIn = requireAccount(ctx);
  const params = { params: designDraftParams };

  app.get('/designs', { preHandler: signedIn, schema: { response: { 200: designDraftListResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: { items: await drafts.list(accountOf(request).id) } };
  });

  app.get('/designs/:id', { preHandler: signedIn, schema: { ...params, response: { 200: designDraftResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await drafts.read(accountOf(request).id, request.params.id) };
  });

  app.put(
    '/designs/:id',
    {
      bodyLimit: DESIGN_DRAFT_BODY_LIMIT,
      config: { rateLimit: { max: DESIGN_SAVES_PER_IP, timeWindow: MINUTE_MS } },
      preHandler: [
        signedIn,
        async (request) => {
          const { count, resetInMs } = await ctx.hits.hit(`design-save:${accountOf(request).id}`, MINUTE_MS);
          if (count > DESIGN_SAVES_PER_ACCOUNT) throw new DomainError('RATE_LIMITED', `Too many saves; retry in ${Math.max(1, Math.ceil(resetInMs / 1000))} s`);
        },
      ],
      schema: { ...params, body: designDraftSaveBody, response: { 200: designDraftSaveResponse } },
    },
    async (request) => ({
      data: await drafts.save(accountOf(request).id, request.params.id, request.body.document, request.body.baseUpdatedAt),
    }),
  );

  app.delete('/designs/:id', { preHandler: signedIn, schema: { ...params, response: { 204: z.null() } } }, async (request, reply) => {
    await drafts.delete(accountOf(request).id, request.params.id);
    return reply.code(204).send(null);
  });
}
