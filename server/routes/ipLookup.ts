import { ipLookupResponse } from '../../contract/ipLookup.ts';
import type { AppContext, ZodApp } from '../context.ts';

/** The caller's country. request.ip honours x-forwarded-for only when TRUST_PROXY is on. */
export function ipLookupRoutes(app: ZodApp, ctx: AppContext): void {
  app.get('/ip/lookup', { schema: { response: { 200: ipLookupResponse } } }, async (request, reply) => {
    const country = await ctx.countries.lookup(request.ip);
    // Varies per caller address.
    return reply.header('cache-control', 'private, no-store').send({ data: { country } });
  });
}
