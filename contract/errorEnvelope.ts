import { z } from 'zod';
import { errorCodes } from './errorCodes.ts';

export { errorCodes, type ErrorCode } from './errorCodes.ts';

/** The one shape every failing API response has. `fields` maps a payload path to its problem. */
export const errorEnvelope = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
