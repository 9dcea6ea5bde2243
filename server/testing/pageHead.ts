import { readFile } from 'node:fs/promises';

/** The repository's index.html as Vite emits it: the entry replaced by a hashed asset, everything else kept. */
export async function builtIndexHtml(): Promise<string> {
  const source = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
  return source.replace('<script type="module" src="/src/app/main.tsx"></script>', '<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
}

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Every <meta> of a page in order as [name-or-property, content], with entities decoded the way a crawler reads them. */
export function metaList(page: string): Array<[key: string, content: string]> {
  return Array.from(page.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g), ([, key, value]) => [key!, decode(value!)]);
}

/** Every <meta> of a page as name-or-property → content; of a repeated key (og:image), the first. */
export const metaOf = (page: string): Record<string, string> => Object.fromEntries(metaList(page).reverse());

export const titleOf = (page: string) => /<title>([\s\S]*?)<\/title>/.exec(page)?.[1];

/** A page without the head tags seoHead.ts adds (canonical, language alternates, JSON-LD): what the shell was. */
export function withoutSeoHead(page: string): string {
  return page.replace(/\s*<link rel="(?:canonical|alternate)"[^>]*\/>/g, '').replace(/\s*<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');
}
