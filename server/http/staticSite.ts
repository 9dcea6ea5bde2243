import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RETRY_AFTER_SECONDS, sendNotFound, toEnvelope } from './errorHandler.ts';
import type { PageRenderer, RenderedPage } from './pageMeta.ts';
import { PRECOMPRESSED_SUFFIXES } from './precompress.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=300';
const DEFAULT = 'public, max-age=3600';

/** Paths that never fall back to the app shell. */
const reservedPrefixes = ['/api/', '/files/', '/locales/', '/assets/'];

/** A build's `.br`/`.gz` copy (precompress.ts): served in place of its original, never under its own name. */
function isPrecompressedCopy(path: string): boolean {
  return PRECOMPRESSED_SUFFIXES.some((suffix) => path.endsWith(suffix));
}

/** The cache policy of a built file; a precompressed copy gets its original's. */
export function cacheControlFor(relativePath: string): string {
  let path = relativePath.replace(/\\/g, '/').replace(/^\/+/, '');
  if (isPrecompressedCopy(path)) path = path.replace(/\.[a-z]+$/, '');
  if (path.startsWith('assets/')) return IMMUTABLE;
  if (path === 'index.html' || path.endsWith('.html')) return NO_CACHE;
  if (path.startsWith('locales/')) return SHORT;
  return DEFAULT;
}

/** The media ranges of an Accept header with their quality (RFC 9110 §12.5.1), types in lower case. */
function mediaRanges(accept: string): Array<{ type: string; quality: number }> {
  return accept.split(',').flatMap((range) => {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (!type) return [];
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return [{ type, quality: Number.isFinite(quality) ? quality : 1 }];
  });
}

const isHtml = (type: string) => type === 'text/html' || type === 'application/xhtml+xml';
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/**
 * Whether a GET wants a page: anything but an explicit request for JSON. Link-preview crawlers send no Accept,
 * the wildcard type (facebookexternalhit, Slackbot) or a browser's list, and must get the page with its meta;
 * a client whose Accept names HTML gets it, and one that prefers JSON without naming HTML gets the JSON 404.
 */
export function acceptsPage(accept: string | undefined): boolean {
  const ranges = mediaRanges(accept ?? '');
  const html = ranges.filter((range) => isHtml(range.type));
  if (html.length > 0) return html.some((range) => range.quality > 0);
  const best = Math.max(0, ...ranges.map((range) => range.quality));
  return !ranges.some((range) => isJson(range.type) && range.quality > 0 && range.quality >= best);
}

function isReserved(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path === '/files' || reservedPrefixes.some((prefix) => path.startsWith(prefix));
}

/**
 * Serves the built client from distDir and answers unknown non-API GETs that do not ask for JSON (acceptsPage)
 * with index.html (client-side routing); renderPage may answer campaign and post pages with their own
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
      // x.js.br / x.js.gz beside x.js, chosen by Accept-Encoding, with Content-Encoding and Vary set.
      preCompressed: true,
      // Asked for by name a copy would go out as an opaque download of compressed bytes.
      allowedPath: (pathName) => !isPrecompressedCopy(pathName),
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path.slice(distDir.length)));
      },
    });
  }

  // The wildcard static route would treat / as a directory listing request.
  // The home page gets its head tags from renderPage too (canonical, language alternates, JSON-LD: seoHead.ts).
  if (hasBuild) app.get('/', async (request, reply) => sendPage(request, reply, renderPage));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isReserved(request.url) && acceptsPage(request.headers.accept);
    if (!isPageRequest) return sendNotFound(reply, request.url.startsWith('/api/') ? 'No such API route' : 'Not found');
    if (!hasBuild) {
      return reply
        .code(503)
        .header('cache-control', NO_CACHE)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>Bingkai</title><h1>The client is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds when needed), then reload.</p>');
    }
    return sendPage(request, reply, renderPage);
  });
}

/** A page: renderPage's answer, else index.html; on a failed lookup the shell with the failure's status. */
async function sendPage(request: FastifyRequest, reply: FastifyReply, renderPage: PageRenderer | undefined): Promise<FastifyReply> {
  let page: RenderedPage | null | undefined;
  try {
    page = await renderPage?.(request);
  } catch (error) {
    // A page is HTML even when its meta lookup fails: the app shell with the failure's status, so a browser
    // shows the app's own (translated) error for its API calls, and a crawler sees 503 + Retry-After and comes
    // back instead of keeping a broken preview. Never the JSON envelope.
    const { status } = toEnvelope(error as Error);
    if (status === 503) request.log.warn({ err: error }, 'page meta unavailable');
    else request.log.error({ err: error }, 'page meta failed');
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.code(status).header('cache-control', NO_CACHE).sendFile('index.html');
  }
  if (page) return reply.code(page.statusCode).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(page.html);
  return reply.code(200).header('cache-control', NO_CACHE).sendFile('index.html');
}
