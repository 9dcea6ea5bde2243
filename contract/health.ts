import { z } from 'zod';

export const componentHealth = z.object({
  ok: z.boolean(),
  driver: z.string(),
  latencyMs: z.number(),
  error: z.string().optional(),
});

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: componentHealth,
  storage: componentHealth,
});
export type HealthResponse = z.infer<typeof healthResponse>;
