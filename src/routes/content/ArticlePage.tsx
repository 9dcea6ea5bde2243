import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ArticleKind } from '../../../contract/article.ts';
import { fetchArticle } from '../../api/articles.ts';
import { isApiError } from '../../api/index.ts';
import { useAsync } from '../../api/useAsync.ts';
import { PageStatus } from '../../domains/campaign/PageStatus.tsx';
import { ArticleView } from '../../domains/article/ArticleView.tsx';
import NotFoundPage from '../../ui/NotFoundPage.tsx';

/**
 * One article's page (BlogPostPage, UseCasePage, TestimonialPage). `articleRef` is the slug, or the id on the blog;
 * a blog link with an old slug moves to the post's own path, which is the one the server names canonical.
 */
export function ArticlePage({ kind, route, articleRef, back }: { kind: ArticleKind; route: string; articleRef: string; back: { to: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [state, retry] = useAsync((signal) => fetchArticle(kind, articleRef, locale, signal), [kind, articleRef, locale]);
  const path = state.status === 'success' ? state.data.path : null;
  useEffect(() => {
    if (path && path !== pathname) void navigate(path, { replace: true });
  }, [path, pathname, navigate]);
  if (state.status === 'success') return <ArticleView route={route} article={state.data} back={back} />;
  if (state.status === 'error' && isApiError(state.error) && (state.error.status === 404 || state.error.status === 400)) return <NotFoundPage />;
  return <PageStatus route={route} status={state.status} loadingLabel={t('articles.loadingOne')} errorTitle={t(`pages.${route}.title`)} onRetry={retry} />;
}
