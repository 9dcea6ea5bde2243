import { presignedPhotoResponse } from '../../contract/accountProfile.ts';
import { uriAvailabilityQuery, uriAvailabilityResponse } from '../../contract/campaignWrite.ts';
import {
  collectionCandidateQuery,
  collectionCandidateResponse,
  collectionCoverPresignBody,
  collectionCreateBody,
  collectionListQuery,
  collectionListResponse,
  collectionResponse,
  collectionUpdateBody,
  collectionUriParams,
} from '../../contract/collection.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { DomainError } from '../domainError.ts';
import { accountOf, optionalAccount, requireAccount } from '../http/requireAccount.ts';
import { CollectionService } from '../domain/collections.ts';
import { presignImageUpload } from '../domain/uploads.ts';

/** New collections per account per hour: plenty for a creator, a wall for a script. */
export const COLLECTION_CREATES_PER_ACCOUNT = 30;
const HOUR_MS = 60 * 60_000;

/** Collections (contract/collection.ts): the page read, the owner's writes, their list and the campaign picker. */
export function collectionRoutes(app: ZodApp, ctx: AppContext): void {
  const service = new CollectionService(ctx.database.db, ctx.storage);
  const signedIn = requireAccount(ctx);
  const params = { params: collectionUriParams };

  app.get('/collections/uri-availability', { schema: { querystring: uriAvailabilityQuery, response: { 200: uriAvailabilityResponse } } }, async (request) => ({
    data: await service.uriAvailability(request.query.uri),
  }));

  app.post('/collections/presigned', { preHandler: signedIn, schema: { body: collectionCoverPresignBody, response: { 200: presignedPhotoResponse } } }, async (request) => ({
    data: await presignImageUpload(ctx.storage, 'collection', accountOf(request).uuid, request.body.contentType),
  }));

  app.post(
    '/collections',
    {
      preHandler: [
        signedIn,
        async (request) => {
          const { count, resetInMs } = await ctx.hits.hit(`collection-create:${accountOf(request).id}`, HOUR_MS);
          if (count > COLLECTION_CREATES_PER_ACCOUNT) throw new DomainError('RATE_LIMITED', `Too many new collections; retry in ${Math.max(1, Math.ceil(resetInMs / 60_000))} min`);
        },
      ],
      schema: { body: collectionCreateBody, response: { 201: collectionResponse } },
    },
    async (request, reply) => reply.code(201).send({ data: await service.create(accountOf(request), request.body) }),
  );

  app.get('/collections/:uri', { preHandler: optionalAccount(ctx), schema: { ...params, response: { 200: collectionResponse } } }, async (request, reply) => {
    const collection = await service.read(request.params.uri, request.account?.id);
    // The owner's answer may list their unlisted and private campaigns: no shared cache keeps it.
    if (collection.isOwner) reply.header('cache-control', 'private, no-store');
    return { data: collection };
  });

  app.patch('/collections/:uri', { preHandler: signedIn, schema: { ...params, body: collectionUpdateBody, response: { 200: collectionResponse } } }, async (request) => ({
    data: await service.update(accountOf(request), request.params.uri, request.body),
  }));

  app.delete('/collections/:uri', { preHandler: signedIn, schema: params }, async (request, reply) => {
    await service.delete(accountOf(request), request.params.uri);
    return reply.code(204).send();
  });

  app.get('/account/collections', { preHandler: signedIn, schema: { querystring: collectionListQuery, response: { 200: collectionListResponse } } }, async (request) => {
    const { page, limit } = request.query;
    const { items, total } = await service.listOwn(accountOf(request).id, page, limit);
    return { data: { items, page, limit, total } };
  });

  app.get('/account/collection-candidates', { preHandler: signedIn, schema: { querystring: collectionCandidateQuery, response: { 200: collectionCandidateResponse } } }, async (request) => ({
    data: { items: await service.candidates(accountOf(request), request.query.q, request.query.limit) },
  }));
}
