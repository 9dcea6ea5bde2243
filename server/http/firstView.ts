import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAMPAIGN_PAGE_FRAME_SIZES, FRAME_THUMBNAIL_SIZES, frameImageSources, type FrameImageSources } from '../../contract/frameImageSources.ts';
import { textDirection, toBcp47 } from '../../contract/locales.ts';
import { escapeHtml as escape } from './escapeHtml.ts';

/** What a campaign page shows above the fold, read from the same campaign entry as the link preview. */
export interface FirstView {
  uri: string;
  title: string;
  creator: { username: string; name: string; avatarUrl: string | null };
  /** In position order; the first is the one shown large. */
  frames: Array<{ url: string; width: number; height: number }>;
  /** The first frame at display size, offered beside its PNG (contract/frameImageSources.ts); null until made. */
  firstFrameDisplayUrl: string | null;
}

/** locale code → its messages, as in locales/*.json. */
export type LocaleMessages = Record<string, unknown>;

const DEFAULT_LOCALE = 'en';

/**
 * The app's message files as the build serves them (distDir/locales), read once: the first view says what the
 * React page will say. None without them; the view then shows bare values (the creator's name without "by").
 */
export function readLocaleMessages(dir: string): Map<string, LocaleMessages> {
  const messages = new Map<string, LocaleMessages>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return messages;
  }
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    messages.set(name.slice(0, -'.json'.length).toLowerCase(), JSON.parse(readFileSync(join(dir, name), 'utf8')) as LocaleMessages);
  }
  return messages;
}

/**
 * The first language of Accept-Language the app has messages for (region dropped, as guessLocale does), else English.
 * The app may later pick another from the visitor's stored choice; that only changes a word or two of text.
 */
export function pickLocale(acceptLanguage: string | undefined, available: ReadonlySet<string> | Map<string, unknown>): string {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean);
  for (const tag of tags) {
    if (available.has(tag)) return tag;
    const language = tag.split('-')[0]!;
    if (available.has(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** A message of `locale` (else English) with its {{values}} filled; the values joined when neither has the key. */
export function message(messages: Map<string, LocaleMessages>, locale: string, key: string, values: Record<string, string>): string {
  const lookup = (code: string) => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages.get(code));
  const text = lookup(locale) ?? lookup(DEFAULT_LOCALE);
  if (typeof text !== 'string') return Object.values(values).join(' ');
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The first frame's sources as the page shows it large (CampaignFrames builds the same). */
function firstFrameSources(view: FirstView): FrameImageSources | undefined {
  const frame = view.frames[0];
  return frame && frameImageSources(frame, view.firstFrameDisplayUrl, CAMPAIGN_PAGE_FRAME_SIZES);
}

/** src, srcset and sizes as HTML attributes, escaped; `prefix` names them for a preload link (imagesrcset…). */
function sourceAttributes({ src, srcSet, sizes }: FrameImageSources, prefix: '' | 'image' = ''): string {
  const href = prefix ? 'href' : 'src';
  return `${href}="${escape(src)}"` + (srcSet && sizes ? ` ${prefix}srcset="${escape(srcSet)}" ${prefix}sizes="${escape(sizes)}"` : '');
}

/**
 * The head tag that starts the frame download before the CSS and scripts are parsed: it is the page's largest paint.
 * With a srcset the browser preloads the candidate the img will pick, so it is fetched once.
 */
export function firstViewPreload(view: FirstView): string {
  const sources = firstFrameSources(view);
  return sources ? `<link rel="preload" as="image" ${sourceAttributes(sources, 'image')} fetchpriority="high" />` : '';
}

// lucide's Frame icon, as the navbar draws it.
const FRAME_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-6 text-primary" aria-hidden="true"><line x1="22" x2="2" y1="6" y2="6"/><line x1="22" x2="2" y1="18" y2="18"/><line x1="6" x2="6" y1="2" y2="22"/><line x1="18" x2="18" y1="2" y2="22"/></svg>';

/**
 * The campaign page's first view as static HTML, painted before any script runs: the navbar's frame, the first
 * frame and the title with its creator. The markup and classes copy RootLayout, Navbar, CampaignPage,
 * CampaignFrames, CampaignHeading and PersonLink, so when the app takes over (src/app/firstViewHandoff.ts removes
 * this and shows #root) nothing moves. Every value is escaped.
 */
export function firstViewHtml(view: FirstView, messages: Map<string, LocaleMessages>, locale: string): string {
  const [frame, ...others] = view.frames;
  const t = (key: string, values: Record<string, string>) => escape(message(messages, locale, key, values));
  const shown = messages.has(locale) ? locale : 'en';
  const { creator } = view;
  const avatar = creator.avatarUrl
    ? `<img src="${escape(creator.avatarUrl)}" alt="" class="size-8 rounded-full object-cover" />`
    : `<span class="flex size-8 items-center justify-center rounded-full bg-muted font-semibold" aria-hidden="true">${escape(creator.name.slice(0, 1).toUpperCase())}</span>`;
  const sources = firstFrameSources(view);
  const image = frame && sources
    ? `<img ${sourceAttributes(sources)} alt="${t('pages.campaign.frameAlt', { title: view.title })}" width="${frame.width}" height="${frame.height}" fetchpriority="high" class="size-full object-contain" />`
    : '';
  // Several frames: the switcher's row of thumbnails, so the heading below it does not move when the app takes over.
  const thumbnails =
    others.length > 0
      ? `<ul class="mt-3 flex flex-wrap gap-2">${view.frames
          .map((f, index) => `<li><span class="block size-16 overflow-hidden rounded-md border-2 ${index === 0 ? 'border-primary' : 'border-transparent'}"><img ${sourceAttributes(frameImageSources(f, index === 0 ? view.firstFrameDisplayUrl : null, FRAME_THUMBNAIL_SIZES))} alt="" class="size-full object-contain" /></span></li>`)
          .join('')}</ul>`
      : '';
  return [
    // In the language and direction of its words, whatever <html> says until the app applies the locale.
    `<div id="first-view" lang="${escape(toBcp47(shown))}" dir="${textDirection(shown)}" class="flex min-h-screen flex-col">`,
    `<header class="sticky top-0 z-40 border-b bg-background/95 backdrop-blur"><nav class="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4"><a href="/" class="me-2 flex items-center gap-2 rounded-md text-xl font-bold">${FRAME_ICON}<span>Bingkai</span></a></nav></header>`,
    '<main class="flex-1"><div class="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">',
    `<div><div class="aspect-square overflow-hidden rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:24px_24px]">${image}</div>${thumbnails}</div>`,
    `<div class="flex flex-col gap-4"><h1 dir="auto" class="text-3xl font-bold tracking-tight">${escape(view.title)}</h1>`,
    `<a href="/u/${encodeURIComponent(creator.username)}" class="flex w-fit items-center gap-2 rounded-md text-sm">${avatar}<span>${t('pages.campaign.by', { name: creator.name })}</span></a></div>`,
    '</div></main></div>',
  ].join('');
}

/** The shell's empty app root, before which the first view goes (a sibling: React's root never touches it). */
export const ROOT_DIV = '<div id="root"></div>';
