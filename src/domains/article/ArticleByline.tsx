import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '../../../contract/article.ts';
import { formatDate } from '../../lib/format.ts';

/** Who wrote an article and when, the date in the reader's locale. */
export function ArticleByline({ article }: { article: Pick<ArticleSummary, 'author' | 'date'> }) {
  const { t, i18n } = useTranslation();
  // Midday UTC: the day the file names, in every time zone.
  const date = formatDate(`${article.date}T12:00:00Z`, i18n.language || 'en') || article.date;
  return (
    <p className="text-sm text-muted-foreground">
      {t('articles.by', { author: article.author })} · <time dateTime={article.date}>{date}</time>
    </p>
  );
}
