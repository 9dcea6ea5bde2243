import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  ARTICLE_FALLBACK_LOCALE,
  ARTICLE_LOCALES,
  ARTICLE_SLUG_PATTERN,
  articleFrontMatter,
  articleKinds,
  articlePath,
  type Article,
  type ArticleKind,
  type ArticleList,
  type ArticleLocale,
} from '../../contract/article.ts';
import { CONTENT_DIR } from '../contentDir.ts';
import { DomainError } from '../domainError.ts';
import { renderArticleMarkdown } from './articleMarkdown.ts';

/** One file's article: front matter, rendered body, and the file it came from (for messages). */
export interface LoadedArticle extends Article {
  id: number | undefined;
  file: string;
}

const FILE_NAME = /^(.+)\.([a-z]{2})\.md$/;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Parses one article file; throws an Error naming the file and what is wrong with it. */
export function parseArticleFile(kind: ArticleKind, file: string, text: string): LoadedArticle {
  const fail = (reason: string): never => {
    throw new Error(`Article ${file}: ${reason}`);
  };
  const name = FILE_NAME.exec(file.split('/').at(-1) ?? '');
  if (!name) return fail('the file name must be <slug>.<locale>.md');
  const [, slug = '', fileLocale = ''] = name;
  if (!ARTICLE_SLUG_PATTERN.test(slug)) fail('the slug must be lower-case words joined by hyphens');
  const parts = FRONT_MATTER.exec(text);
  if (!parts) return fail('it must start with front matter between two --- lines');
  let raw: unknown;
  try {
    raw = parseYaml(parts[1]!);
  } catch (error) {
    return fail(`the front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  const checked = articleFrontMatter.safeParse(raw);
  if (!checked.success) return fail(checked.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`).join('; '));
  const meta = checked.data;
  if (meta.locale !== fileLocale) fail(`locale ${meta.locale} differs from the file name's ${fileLocale}`);
  if (kind === 'blog' && meta.id === undefined) fail('a blog post needs a numeric id');
  if (kind !== 'blog' && meta.id !== undefined) fail('only blog posts have an id');
  let html: string;
  try {
    html = renderArticleMarkdown(parts[2] ?? '');
  } catch (error) {
    return fail((error as Error).message);
  }
  return {
    kind,
    slug,
    id: meta.id,
    path: articlePath(kind, slug, meta.id),
    title: meta.title,
    summary: meta.summary,
    cover: meta.cover,
    coverAlt: meta.coverAlt,
    author: meta.author,
    date: meta.date,
    locale: meta.locale,
    html,
    file,
  };
}

/** An article in every locale it is written in; `en` is always there. */
type Translations = Map<ArticleLocale, LoadedArticle>;

const isArticleLocale = (locale: string): locale is ArticleLocale => (ARTICLE_LOCALES as readonly string[]).includes(locale);

/** The article locale a requested one reads: its language if articles are written in it (id-ID → id), else English. */
export function articleLocaleOf(requested: string | undefined): ArticleLocale {
  const language = (requested ?? '').toLowerCase().split(/[-_]/, 1)[0] ?? '';
  return isArticleLocale(language) ? language : ARTICLE_FALLBACK_LOCALE;
}

/**
 * Every article, read and checked once (at the server's start): a bad file stops the start with its name. Lists are
 * newest first (then by slug), in the asked locale where an article has it and in English where it has not.
 */
export class ArticleLibrary {
  private readonly byKind = new Map<ArticleKind, Translations[]>();

  constructor(articles: readonly LoadedArticle[]) {
    for (const kind of articleKinds) {
      const bySlug = new Map<string, Translations>();
      for (const article of articles.filter((a) => a.kind === kind)) {
        const translations = bySlug.get(article.slug) ?? new Map<ArticleLocale, LoadedArticle>();
        translations.set(article.locale, article);
        bySlug.set(article.slug, translations);
      }
      const ids = new Map<number, string>();
      for (const [slug, translations] of bySlug) {
        const base = translations.get(ARTICLE_FALLBACK_LOCALE);
        if (!base) throw new Error(`Article ${[...translations.values()][0]!.file}: there is no ${ARTICLE_FALLBACK_LOCALE} version of ${kind}/${slug}`);
        for (const other of translations.values()) {
          if (other.id !== base.id) throw new Error(`Article ${other.file}: its id ${other.id} differs from the ${ARTICLE_FALLBACK_LOCALE} version's ${base.id}`);
        }
        if (base.id !== undefined) {
          const taken = ids.get(base.id);
          if (taken) throw new Error(`Article ${base.file}: id ${base.id} is ${kind}/${taken}'s already`);
          ids.set(base.id, slug);
        }
      }
      const sorted = [...bySlug.values()].sort((a, b) => {
        const x = a.get(ARTICLE_FALLBACK_LOCALE)!;
        const y = b.get(ARTICLE_FALLBACK_LOCALE)!;
        return y.date.localeCompare(x.date) || x.slug.localeCompare(y.slug);
      });
      this.byKind.set(kind, sorted);
    }
  }

  /** A page of a kind's articles, newest first. */
  list(kind: ArticleKind, locale: string | undefined, page: number, limit: number): ArticleList {
    const all = this.byKind.get(kind) ?? [];
    const want = articleLocaleOf(locale);
    const items = all.slice((page - 1) * limit, page * limit).map((translations) => summaryOf(pick(translations, want)));
    return { items, page, limit, total: all.length };
  }

  /** One article by slug (by id on the blog); NOT_FOUND when there is none. */
  find(kind: ArticleKind, ref: string, locale: string | undefined): Article {
    const translations = (this.byKind.get(kind) ?? []).find((t) => {
      const base = t.get(ARTICLE_FALLBACK_LOCALE)!;
      return kind === 'blog' ? String(base.id) === ref : base.slug === ref;
    });
    if (!translations) throw new DomainError('NOT_FOUND', `No such article in ${kind}`);
    const { id: _id, file: _file, ...article } = pick(translations, articleLocaleOf(locale));
    return article;
  }

  /** Each article's page and its newest date among its translations, for the sitemap. */
  pages(): { path: string; lastmod: Date }[] {
    return [...this.byKind.values()].flat().map((translations) => {
      const newest = [...translations.values()].map((a) => a.date).sort().at(-1)!;
      return { path: translations.get(ARTICLE_FALLBACK_LOCALE)!.path, lastmod: new Date(`${newest}T00:00:00Z`) };
    });
  }
}

function pick(translations: Translations, locale: ArticleLocale): LoadedArticle {
  return translations.get(locale) ?? translations.get(ARTICLE_FALLBACK_LOCALE)!;
}

function summaryOf({ id: _id, file: _file, html: _html, ...summary }: LoadedArticle): ArticleList['items'][number] {
  return summary;
}

/** Reads content/{blog,use-cases,testimonials}/*.md under `dir`; a kind without a folder has no articles. */
export function loadArticles(dir: string = CONTENT_DIR): ArticleLibrary {
  const articles: LoadedArticle[] = [];
  for (const kind of articleKinds) {
    let files: string[];
    try {
      files = readdirSync(join(dir, kind)).filter((file) => file.endsWith('.md'));
    } catch {
      continue;
    }
    for (const file of files.sort()) articles.push(parseArticleFile(kind, `content/${kind}/${file}`, readFileSync(join(dir, kind, file), 'utf8')));
  }
  return new ArticleLibrary(articles);
}
