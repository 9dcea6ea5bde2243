import { z } from 'zod';

/** GET {api}/request-key (x-fingerprint header, unsigned): the signing key for contract/requestSignature.ts. */
export const requestKeyResponse = z.object({
  data: z.object({
    epoch: z.number().int().nonnegative(),
    key: z.string().min(1),
  }),
});
export type RequestKeyResponse = z.infer<typeof requestKeyResponse>;
