import { z } from 'zod';

/** One dependency the instance needs before it takes traffic; `error` says only the kind of failure, never a secret. */
export const readinessCheck = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  error: z.enum(['down', 'failed', 'timeout']).optional(),
});

/** GET /api/ready: 200 `ready` when the database and the file storage answer, else 503 `unready`. */
export const readinessResponse = z.object({
  status: z.enum(['ready', 'unready']),
  database: readinessCheck,
  storage: readinessCheck,
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;
