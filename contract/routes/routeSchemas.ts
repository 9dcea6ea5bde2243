/** What every part of the route table (contract/routes.ts) is made of. */
import { z } from 'zod';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The schemas of one endpoint; `response` is the body of its success status as the client reads it. */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** A 204 answer: the client reads no body. */
export const noContent = z.undefined();
/** Not JSON (files): the client does not call these through the route table. */
export const bytes = z.unknown();
