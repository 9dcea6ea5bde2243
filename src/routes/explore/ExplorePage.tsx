import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { countryOptions } from '../../domains/account/countryOptions.ts';
import { CampaignGrid } from '../../domains/campaign/CampaignCard.tsx';
import { explorePath, readExploreState } from '../../domains/explore/exploreState.ts';
import { ExploreView } from '../../domains/explore/ExploreView.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

/** /explore/{tab}: campaigns, collections and creators, searched, sorted and filtered; the navbar search's results page. */
export default function ExplorePage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const language = i18n.language || 'en';
  const countries = useMemo(() => countryOptions(language, t('explore.anyCountry')), [language, t]);
  const state = readExploreState(params.tab, search);
  return (
    <PageContainer route="explore">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('pages.explore.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('pages.explore.description')}</p>
      <ExploreView state={state} onNavigate={(next) => navigate(explorePath(next))} countries={countries} CampaignGrid={CampaignGrid} />
    </PageContainer>
  );
}
