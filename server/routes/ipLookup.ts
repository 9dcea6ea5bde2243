import { ipLookupResponse } from '../../contract/ipLookup.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { IpCountryLookup } from '../infra/ipLookup.ts';

/** The caller's country. request.ip honours x-forwarded-for only when TRUST_PROXY is on. */
export function ipLookupRoutes(app: ZodApp, _ctx: AppContext): void {
  const countries = new IpCountryLookup({ onLoadError: (error) => app.log.error({ err: error }, 'GeoIP database failed to load') });

  app.get('/ip/lookup', { schema: { response: { 200: ipLookupResponse } } }, async (request, reply) => {
    const country = await countries.lookup(request.ip);
    // Varies per caller address.
    return reply.header('cache-control', 'private, no-store').send({ data: { country } });
  });
}
