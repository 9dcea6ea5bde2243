import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ArticleKind } from '../../../contract/article.ts';
import { fetchArticles } from '../../api/articles.ts';
import { useAsync } from '../../api/useAsync.ts';
import { PageStatus } from '../../domains/campaign/PageStatus.tsx';
import { ArticleIndex } from '../../domains/article/ArticleIndex.tsx';
import { DEFAULT_PER_PAGE, pageParam } from '../../ui/Pagination.tsx';

/** The list page of a kind of article (BlogPage, UseCasesPage, TestimonialsPage): ?page= picks the page. */
export function ArticleIndexPage({ kind, route }: { kind: ArticleKind; route: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const [search, setSearch] = useSearchParams();
  const page = pageParam(search.get('page'));
  const [state, retry] = useAsync((signal) => fetchArticles(kind, page, DEFAULT_PER_PAGE, locale, signal), [kind, page, locale]);
  if (state.status !== 'success') return <PageStatus route={route} status={state.status} loadingLabel={t('articles.loading')} errorTitle={t(`pages.${route}.title`)} onRetry={retry} />;
  const goTo = (next: number) => {
    const params = new URLSearchParams(search);
    if (next === 1) params.delete('page');
    else params.set('page', String(next));
    setSearch(params);
  };
  return <ArticleIndex route={route} list={state.data} onPageChange={goTo} />;
}
