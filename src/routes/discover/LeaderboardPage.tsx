import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../domains/account/countryOptions.ts';
import { LeaderboardView } from '../../domains/leaderboard/LeaderboardView.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';

/** /leaderboard: the most-supported campaigns and creators this week, this month and of all time, worldwide or per country. */
export default function LeaderboardPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language || 'en';
  const countries = useMemo(() => countryOptions(language, t('leaderboard.worldwide')), [language, t]);
  return (
    <PageContainer route="leaderboard">
      <h1 className="text-3xl font-bold tracking-tight">{t('pages.leaderboard.title')}</h1>
      <p className="mt-2 mb-8 max-w-2xl text-muted-foreground">{t('leaderboard.lead')}</p>
      <LeaderboardView countries={countries} />
    </PageContainer>
  );
}
