import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ArticleList, ArticleSummary } from '../../../contract/article.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { ArticleByline } from './ArticleByline.tsx';

/** A kind's list page (/blog, /use-cases, /testimonials): its heading and lead (pages.{route}), cards, pages. */
export function ArticleIndex({ route, list, onPageChange }: { route: string; list: ArticleList; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <PageContainer route={route}>
      <h1 className="text-3xl font-bold tracking-tight">{t(`pages.${route}.title`)}</h1>
      <p className="mt-2 mb-8 max-w-2xl text-muted-foreground">{t(`pages.${route}.description`)}</p>
      {list.items.length === 0 ? (
        <EmptyState icon={<Newspaper className="size-10" aria-hidden="true" />} title={t('articles.empty')} />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.items.map((item) => (
            <li key={item.slug}>
              <ArticleCard article={item} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} total={list.total} perPage={list.limit} onPageChange={onPageChange} className="mt-8" />
    </PageContainer>
  );
}

function ArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <article lang={article.locale} className="flex h-full flex-col overflow-hidden rounded-lg border bg-card">
      <img src={article.cover} alt={article.coverAlt} width={1200} height={630} loading="lazy" className="aspect-[40/21] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg leading-snug font-semibold">
          <Link to={article.path} className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {article.title}
          </Link>
        </h2>
        <p className="flex-1 text-sm text-muted-foreground">{article.summary}</p>
        <ArticleByline article={article} />
      </div>
    </article>
  );
}
