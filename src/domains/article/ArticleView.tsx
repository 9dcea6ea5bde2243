import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Article } from '../../../contract/article.ts';
import { ArticleByline } from './ArticleByline.tsx';

/** Headings, paragraphs, lists, quotes, links and images of a rendered Markdown body. */
const BODY =
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold [&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1 [&_a]:text-primary-ink [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:ps-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_img]:my-6 [&_img]:rounded-lg';

/** One article: cover, title, byline and body, and the way back to its list. */
export function ArticleView({ route, article, back }: { route: string; article: Article; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <article data-route={route} lang={article.locale} className="mx-auto w-full max-w-3xl px-4 py-10">
      <Link to={back.to} className="mb-6 inline-block rounded-sm text-sm text-muted-foreground hover:underline">
        {back.label}
      </Link>
      <img src={article.cover} alt={article.coverAlt} width={1200} height={630} className="aspect-[40/21] w-full rounded-lg object-cover" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{article.title}</h1>
      <div className="mt-2">
        <ArticleByline article={article} />
      </div>
      <FallbackNote locale={article.locale} />
      {/* The server made this HTML with its Markdown parser, raw HTML off and links and images narrowed (docs/CONTENT.md). */}
      <div className={`mt-6 leading-relaxed ${BODY}`} dangerouslySetInnerHTML={{ __html: article.html }} />
      <p className="mt-10">
        <Link to="/create/frame" className="text-primary-ink underline">
          {t('articles.createCampaign')}
        </Link>
      </p>
    </article>
  );
}

/** Said when the reader's language has no translation of this article and it is shown in English. */
function FallbackNote({ locale }: { locale: string }) {
  const { t, i18n } = useTranslation();
  const reader = (i18n.language || 'en').toLowerCase().split(/[-_]/)[0];
  if (reader === locale) return null;
  return (
    <p className="mt-4 rounded-md bg-muted p-3 text-sm" lang={i18n.language}>
      {t('articles.inEnglish')}
    </p>
  );
}
