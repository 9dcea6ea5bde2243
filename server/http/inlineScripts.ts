import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A script element's type that makes it a data block (JSON-LD…): never run, so CSP has nothing to allow. */
function isDataBlock(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase();
  return type !== undefined && type !== '' && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript';
}

/** CSP source expressions ('sha256-…') for the inline scripts of an HTML page, so they run without 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body === '' || isDataBlock(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** Hashes for the built index.html in distDir; none when there is no build. */
export function indexInlineScriptHashes(distDir: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(join(distDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}
