import type { FastifyRequest } from 'fastify';
import { presignedPhotoResponse } from '../../contract/accountProfile.ts';
import { postCreateBody, postPresignBody, postResponse, postUriParams, POST_MAX_BYTES } from '../../contract/post.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { DomainError, notFound } from '../domainError.ts';
import { accountOf, optionalAccount, requireAccount } from '../http/requireAccount.ts';
import { PostService } from '../domain/posts.ts';
import { presignImageUpload } from '../domain/uploads.ts';

/** Posts an account may create per hour; publishing is a deliberate act, so this only stops floods. */
export const POSTS_PER_HOUR = 30;
const HOUR_MS = 60 * 60_000;

/** POST /posts/presigned, POST /posts, GET and DELETE /posts/:uri (contract/post.ts). */
export function postRoutes(app: ZodApp, ctx: AppContext): void {
  const service = new PostService(ctx.database.db, ctx.storage);
  const signedIn = requireAccount(ctx);

  // Counted per account rather than per IP: one account behind many addresses is still one poster.
  async function postingLimit(request: FastifyRequest): Promise<void> {
    const { count, resetInMs } = await ctx.hits.hit(`posts:create:${accountOf(request).id}`, HOUR_MS);
    if (count > POSTS_PER_HOUR) throw new DomainError('RATE_LIMITED', `Too many posts; retry in ${Math.max(1, Math.ceil(resetInMs / 60_000))} min`);
  }

  app.post('/posts/presigned', { preHandler: signedIn, schema: { body: postPresignBody, response: { 200: presignedPhotoResponse } } }, async (request) => ({
    data: await presignImageUpload(ctx.storage, 'post', accountOf(request).uuid, request.body.contentType, POST_MAX_BYTES),
  }));

  app.post('/posts', { preHandler: [signedIn, postingLimit], schema: { body: postCreateBody, response: { 201: postResponse } } }, async (request, reply) => {
    const post = await service.create(accountOf(request), request.body);
    return reply.code(201).send({ data: post });
  });

  app.get('/posts/:uri', { preHandler: optionalAccount(ctx), schema: { params: postUriParams, response: { 200: postResponse } } }, async (request) => {
    const found = await service.find(request.params.uri);
    // A campaign made private after the post hides the post from everyone but its author.
    if (!found || (found.campaignVisibility === 'private' && found.authorId !== request.account?.id)) throw notFound('Post not found');
    if (found.hidden && request.account?.staffRole !== 'staff') throw notFound('Post not found');
    return { data: found.post };
  });

  app.delete('/posts/:uri', { preHandler: signedIn, schema: { params: postUriParams } }, async (request, reply) => {
    // Someone else's post answers like a missing one, so links cannot be probed for their author.
    if (!(await service.delete(accountOf(request), request.params.uri))) throw notFound('Post not found');
    return reply.code(204).send();
  });
}
