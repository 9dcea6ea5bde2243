import { deriveRequestKey, KEY_EPOCH_MS, REQUEST_KEY_PATH } from '../../contract/requestSignature.ts';
import { requestKeyResponse } from '../../contract/requestKey.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { requireFingerprint } from '../http/requestSigning.ts';

/** Unsigned: hands out the signing key for the caller's fingerprint and the current epoch. */
export function requestKeyRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(REQUEST_KEY_PATH, { schema: { response: { 200: requestKeyResponse } } }, async (request, reply) => {
    const fingerprint = requireFingerprint(request);
    const epoch = Math.floor(Date.now() / KEY_EPOCH_MS);
    const key = await deriveRequestKey(ctx.signingSecret, fingerprint, epoch);
    return reply.header('cache-control', 'no-store').send({ data: { epoch, key } });
  });
}
