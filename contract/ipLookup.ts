import { z } from 'zod';

/** Country reported when the caller's IP is unknown, private, loopback or the lookup failed. */
export const UNKNOWN_COUNTRY = 'WW';

/** ISO 3166-1 alpha-2 code, or UNKNOWN_COUNTRY. */
export const countryCode = z.string().regex(/^[A-Z]{2}$/);

/** GET {api}/ip/lookup (signed): the caller's country from their IP address. */
export const ipLookupResponse = z.object({
  data: z.object({ country: countryCode }),
});
export type IpLookupResponse = z.infer<typeof ipLookupResponse>;
