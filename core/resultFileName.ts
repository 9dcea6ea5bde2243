/**
 * File name for a downloaded result: `resultFileName('Hari Bumi 2026!', 'jpeg')` → `bingkai-hari-bumi-2026.jpg`,
 * with `-2`, `-3`… for further results of one session. ASCII only, lowercase, at most ~80 characters,
 * so it is safe on every file system and readable in a gallery.
 */
import type { OutputFormat } from './pipelineTypes.ts';

const EXTENSIONS: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const MAX_SLUG = 60;

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents: "Café" → "Cafe"
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, MAX_SLUG).replace(/-+$/, '');
}

/** `index` counts results from 1; the first one gets no suffix. */
export function resultFileName(campaignSlugOrTitle: string, format: OutputFormat, index = 1): string {
  const slug = slugify(campaignSlugOrTitle).replace(/^bingkai(-|$)/, '');
  const suffix = Number.isInteger(index) && index > 1 ? `-${index}` : '';
  return `${['bingkai', slug].filter(Boolean).join('-')}${suffix}.${EXTENSIONS[format]}`;
}
