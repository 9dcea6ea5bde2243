import { LibraryBig, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { cn } from '../../lib/cn.ts';
import { CampaignList } from '../../domains/campaign/CampaignList.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

const TABS = ['campaign', 'collection', 'creator'] as const;
type Tab = (typeof TABS)[number];
const PER_PAGE = 12;

export default function ExplorePage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as Tab) : 'campaign';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const query = search.get('q')?.trim() ?? '';

  return (
    <PageContainer route="explore">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('pages.explore.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('pages.explore.description')}</p>
      <nav aria-label={t('pages.explore.tabs')} className="mt-6 mb-8 flex gap-2 border-b">
        {TABS.map((name) => (
          <NavLink
            key={name}
            to={`/explore/${name}`}
            aria-current={tab === name ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              tab === name ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`pages.explore.tab.${name}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'campaign' && (
        <section aria-label={t('pages.explore.tab.campaign')}>
          {query && (
            <p className="mb-4 text-sm" aria-live="polite">
              {t('pages.explore.results', { query })}{' '}
              <Link to="/explore/campaign" className="underline underline-offset-2">
                {t('pages.explore.clear')}
              </Link>
            </p>
          )}
          <CampaignList
            page={query ? 1 : page}
            limit={query ? 50 : PER_PAGE}
            filter={query}
            onPageChange={(next) => {
              setSearch({ page: String(next) });
            }}
          />
        </section>
      )}
      {tab !== 'campaign' && (
        <EmptyState
          icon={tab === 'collection' ? <LibraryBig className="size-10" aria-hidden="true" /> : <UsersRound className="size-10" aria-hidden="true" />}
          title={t(`pages.explore.${tab}Empty.title`)}
          description={t(`pages.explore.${tab}Empty.description`)}
          action={
            <Button asChild>
              <Link to="/explore/campaign">{t('pages.explore.browseCampaigns')}</Link>
            </Button>
          }
        />
      )}
    </PageContainer>
  );
}
