import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip';

/** Below this, compressing costs more than it saves (headers, CPU). */
export const DYNAMIC_MIN_BYTES = 1024;

/**
 * Text that is worth compressing. Images, fonts, archives and `application/octet-stream` are compressed or
 * unknown; an event stream must not be buffered by a compressor.
 */
const COMPRESSIBLE_TYPE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)\b|image\/svg\+xml\b|[\w.-]+\/[\w.-]+\+(?:json|xml)\b)/i;

export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE_TYPE.test(contentType.trim());
}

/**
 * The encoding to answer with, from an Accept-Encoding header (RFC 9110 §12.5.3): the accepted one with the
 * highest quality, brotli before gzip on a tie; `*` stands for any encoding not named. No header, or one that
 * allows neither, means identity: clients that do not say they decode get plain bytes.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const qualities = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    qualities.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(quality) ? quality : 0);
  }
  let best: ContentEncoding | null = null;
  let bestQuality = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const quality = qualities.get(encoding) ?? qualities.get('*') ?? 0;
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  }
  return best;
}

/** Adds Accept-Encoding to Vary once, keeping what is there (a shared cache must key on it). */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const tokens = value.split(',').map((token) => token.trim().toLowerCase());
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return;
  reply.header('vary', value ? `${value}, accept-encoding` : 'accept-encoding');
}

/**
 * Per-request compression at a fast level (brotli 4, gzip 6): these bytes are made for one answer, and a
 * slow level would cost more server time than it saves on the wire.
 */
export function compressDynamic(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  }
  return gzipAsync(body, { level: 6 });
}

/**
 * Compresses answers built in memory (API JSON, error envelopes, the page shell with its meta) when the client
 * accepts it. Streams are left alone: the static site answers files with the copies precompressed at build
 * (precompress.ts), and uploaded images are compressed already. A root hook, so the not-found handler that
 * renders pages is covered too.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // Already encoded, or a status whose body is empty or must stay byte-addressable.
    if (reply.hasHeader('content-encoding') || [204, 206, 304].includes(reply.statusCode)) return payload;
    if (!isCompressibleType(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < DYNAMIC_MIN_BYTES) return payload;
    varyOnAcceptEncoding(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compressDynamic(body, encoding);
    reply.header('content-encoding', encoding);
    reply.header('content-length', String(compressed.length));
    return compressed;
  });
}
