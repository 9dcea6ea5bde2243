/**
 * contract/routes.ts lists every endpoint the server registers, and nothing else: the client builds
 * its URLs from that table, so a route added, moved or removed on one side only fails here.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeList } from '../contract/routes.ts';
import { createTestApp, type TestApp } from './testing/testApp.ts';

const registered = vi.hoisted(() => [] as { method: string; path: string }[]);

// Every app this file builds reports its routes as they are added (fastify lists them nowhere else).
vi.mock(import('fastify'), async (original) => {
  const fastify = await original();
  const create = ((options?: Parameters<typeof fastify.default>[0]) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, path: route.url });
    });
    return app;
  }) as unknown as typeof fastify.default;
  return { ...fastify, default: create };
});

/** Fastify answers HEAD for every GET by itself; the client pages' fallback is not an API endpoint. */
const isEndpoint = (route: { method: string; path: string }) => route.method !== 'HEAD' && route.path !== '*' && route.path !== '/*';
const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('contract/routes.ts and the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { testHooks: true });
  });
  afterAll(async () => t?.close());

  it('has one entry per route the server registers, with the same method and path, and no other', () => {
    const server = [...new Set(registered.filter(isEndpoint).map(keyOf))].sort();
    const contract = routeList().map(keyOf).sort();
    expect(server.length).toBeGreaterThan(50);
    expect(contract).toEqual(server);
  });

  it('lists each endpoint once', () => {
    const keys = routeList().map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds each entry among the routes of the built app', () => {
    for (const { method, path } of routeList()) expect(t.app.hasRoute({ method, url: path }), `${method} ${path}`).toBe(true);
  });
});
