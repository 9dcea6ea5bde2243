import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domainError.ts';

/** True when a string anywhere in `value` (objects and arrays walked without recursion, so deep JSON is safe) holds a NUL. */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.includes('\0')) return true;
    } else if (next && typeof next === 'object') {
      for (const key of Object.keys(next)) {
        if (key.includes('\0')) return true;
        stack.push((next as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character: one reaching a query fails it with a 500 (the API fuzz found it in a
 * campaign link and in a page view's referrer). No field of ours has a use for it, so every request carrying one in
 * its path parameters, query or body is refused here, once, before any route sees it.
 */
export function refuseNulText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new DomainError('BAD_REQUEST', 'Text may not contain NUL characters');
    }
  });
}
