import { Frame, LibraryBig, Search, SearchX, UsersRound } from 'lucide-react';
import { useId, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CampaignSummary } from '../../../contract/campaign.ts';
import { campaignCategories } from '../../../contract/campaignWrite.ts';
import { ANY_COUNTRY, exploreSorts, exploreTabs, SEARCH_LIMITS, type ExploreResult, type ExploreSort } from '../../../contract/search.ts';
import { fetchExplore } from '../../api/search.ts';
import { useAsync } from '../../api/useAsync.ts';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { tIsolated } from '../../ui/tIsolated.tsx';
import { inputClass } from '../../ui/TextField.tsx';
import { CollectionCard, CreatorCard } from './ExploreCards.tsx';
import { explorePath, exploreRequest, nextExploreState, type ExploreState } from './exploreState.ts';

export interface CountryChoice {
  code: string;
  name: string;
}

export interface ExploreViewProps {
  state: ExploreState;
  /** Moves to another state (a new URL: back and forward walk through them). */
  onNavigate: (state: ExploreState) => void;
  /** Worldwide (WW) first, then every country, named in the reader's language. */
  countries: CountryChoice[];
  /** The app's campaign grid (domains/campaign), so campaigns look the same everywhere. */
  CampaignGrid: ComponentType<{ campaigns: CampaignSummary[] }>;
}

const selectClass = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** /explore/{tab}: tabs, search, sort and filters, the results 10 a page; all of it is the URL's state. */
export function ExploreView({ state, onNavigate, countries, CampaignGrid }: ExploreViewProps) {
  const { t } = useTranslation();
  const change = (partial: Partial<ExploreState>) => onNavigate(nextExploreState(state, partial));
  return (
    <>
      <nav aria-label={t('pages.explore.tabs')} className="mt-6 mb-6 flex gap-2 overflow-x-auto border-b">
        {exploreTabs.map((name) => (
          <Link
            key={name}
            to={explorePath(nextExploreState(state, { tab: name }))}
            aria-current={state.tab === name ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              state.tab === name ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`pages.explore.tab.${name}`)}
          </Link>
        ))}
      </nav>
      <ExploreFilters state={state} countries={countries} onChange={change} />
      <ExploreResults state={state} onChange={change} CampaignGrid={CampaignGrid} />
    </>
  );
}

/** The search text, sent on Enter or the button; it starts again from the URL whenever the URL's text changes (`key`). */
function SearchField({ tab, q, onSearch }: { tab: ExploreState['tab']; q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <search aria-label={t('explore.searchLabel')}>
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t('explore.searchLabel')}
        </label>
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 inset-s-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <input
            id={id}
            type="search"
            name="q"
            value={draft}
            maxLength={SEARCH_LIMITS.queryMax}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t(`explore.placeholder.${tab}`)}
            className={cn(inputClass, 'h-10 ps-9')}
          />
        </div>
        <Button type="submit">{t('explore.search')}</Button>
      </form>
    </search>
  );
}

function ExploreFilters({ state, countries, onChange }: { state: ExploreState; countries: CountryChoice[]; onChange: (change: Partial<ExploreState>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const sorts = exploreSorts.filter((sort) => sort !== 'relevance' || state.q);
  return (
    <div className="mb-6 flex flex-col gap-4">
      {/* Back, forward and links change the URL's text: the field follows. */}
      <SearchField key={state.q} tab={state.tab} q={state.q} onSearch={(q) => onChange({ q })} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Select id={`${id}-sort`} label={t('explore.sortLabel')} value={state.sort ?? (state.q ? 'relevance' : 'trending')} onChange={(value) => onChange({ sort: value as ExploreSort })}>
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(`explore.sort.${sort}`)}
            </option>
          ))}
        </Select>
        <Select id={`${id}-category`} label={t('explore.categoryLabel')} value={state.category ?? ''} onChange={(value) => onChange({ category: (value || undefined) as ExploreState['category'] })}>
          <option value="">{t('explore.anyCategory')}</option>
          {campaignCategories.map((category) => (
            <option key={category} value={category}>
              {t(`create.categories.${category}`)}
            </option>
          ))}
        </Select>
        <Select id={`${id}-country`} label={t('explore.countryLabel')} value={state.country ?? ANY_COUNTRY} onChange={(value) => onChange({ country: value === ANY_COUNTRY ? undefined : value })}>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

function Select({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {children}
      </select>
    </div>
  );
}

function ExploreResults({ state, onChange, CampaignGrid }: { state: ExploreState; onChange: (change: Partial<ExploreState>) => void; CampaignGrid: ExploreViewProps['CampaignGrid'] }) {
  const { t, i18n } = useTranslation();
  const [result, retry] = useAsync((signal) => fetchExplore(state.tab, exploreRequest(state), signal), [state.tab, state.q, state.sort, state.category, state.country, state.page]);
  const filtered = Boolean(state.q || state.category || state.country);

  let body: ReactNode;
  if (result.status === 'loading') {
    body = (
      <div className="flex justify-center py-16" aria-busy="true">
        <Spinner label={t('explore.loading')} />
      </div>
    );
  } else if (result.status === 'error') {
    body = (
      <EmptyState
        title={t('explore.error')}
        action={
          <Button variant="outline" onClick={retry}>
            {t('pages.actions.retry')}
          </Button>
        }
      />
    );
  } else if (result.data.items.length === 0) {
    const icon = { campaign: <Frame />, collection: <LibraryBig />, creator: <UsersRound /> }[state.tab];
    body = filtered ? (
      <EmptyState
        icon={<SearchX />}
        title={state.q ? tIsolated(t, 'explore.noResultsFor', { query: state.q }) : t('explore.noResults')}
        description={t('explore.noResultsHint')}
        action={
          <Button variant="outline" onClick={() => onChange({ q: '', category: undefined, country: undefined })}>
            {t('explore.clearAll')}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={icon} title={t(`explore.empty.${state.tab}`)} />
    );
  } else {
    body = (
      <>
        <ResultItems result={result.data} CampaignGrid={CampaignGrid} />
        <Pagination className="mt-8" page={state.page} total={result.data.total} perPage={result.data.limit} onPageChange={(page) => onChange({ page })} />
      </>
    );
  }
  const total = result.status === 'success' ? result.data.total : null;
  return (
    <section aria-label={t(`pages.explore.tab.${state.tab}`)}>
      <p className="mb-4 min-h-5 text-sm text-muted-foreground" aria-live="polite" data-testid="explore-summary">
        {total !== null &&
          (state.q
            ? tIsolated(t, 'explore.resultsFor', { count: total, formatted: formatNumber(total, i18n.language || 'en'), query: state.q })
            : tIsolated(t, 'explore.results', { count: total, formatted: formatNumber(total, i18n.language || 'en') }))}
      </p>
      {body}
    </section>
  );
}

function ResultItems({ result, CampaignGrid }: { result: ExploreResult; CampaignGrid: ExploreViewProps['CampaignGrid'] }) {
  if (result.tab === 'campaign') return <CampaignGrid campaigns={result.items} />;
  if (result.tab === 'collection')
    return (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {result.items.map((collection) => (
          <CollectionCard key={collection.uri} collection={collection} />
        ))}
      </ul>
    );
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {result.items.map((creator) => (
        <CreatorCard key={creator.username} creator={creator} />
      ))}
    </ul>
  );
}
