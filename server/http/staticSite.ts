import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errorHandler.ts';
import type { PageRenderer } from './pageMeta.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=300';
const DEFAULT = 'public, max-age=3600';

/** Paths that never fall back to the app shell. */
const reservedPrefixes = ['/api/', '/files/', '/locales/', '/assets/'];

export function cacheControlFor(relativePath: string): string {
  const path = relativePath.replace(/\\/g, '/').replace(/^\/+/, '');
  if (path.startsWith('assets/')) return IMMUTABLE;
  if (path === 'index.html' || path.endsWith('.html')) return NO_CACHE;
  if (path.startsWith('locales/')) return SHORT;
  return DEFAULT;
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function isReserved(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path === '/files' || reservedPrefixes.some((prefix) => path.startsWith(prefix));
}

/**
 * Serves the built client from distDir and answers unknown non-API GETs that accept HTML with
 * index.html (client-side routing); renderPage may answer campaign and post pages with their own
 * link-preview tags and status (pageMeta.ts). Without a build it explains how to make one.
 */
export async function registerStaticSite(app: FastifyInstance, distDir: string, renderPage?: PageRenderer): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path.slice(distDir.length)));
      },
    });
  }

  // The wildcard static route would treat / as a directory listing request.
  if (hasBuild) app.get('/', async (_request, reply) => reply.code(200).header('cache-control', NO_CACHE).sendFile('index.html'));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isReserved(request.url) && acceptsHtml(request);
    if (!isPageRequest) return sendNotFound(reply, request.url.startsWith('/api/') ? 'No such API route' : 'Not found');
    if (!hasBuild) {
      return reply
        .code(503)
        .header('cache-control', NO_CACHE)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>Bingkai</title><h1>The client is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds when needed), then reload.</p>');
    }
    const page = await renderPage?.(request);
    if (page) return reply.code(page.statusCode).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(page.html);
    return reply.code(200).header('cache-control', NO_CACHE).sendFile('index.html');
  });
}
