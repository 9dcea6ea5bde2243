import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { leaderboardPeriods, type LeaderboardPeriod } from '../../../contract/leaderboard.ts';
import { cn } from '../../lib/cn.ts';
import { leaderboardSearch, type LeaderboardParams } from './leaderboardParams.ts';

export interface CountryChoice {
  code: string;
  name: string;
}

/** Period links (state in the URL, so back/forward and shared links keep it) and the supporter-country picker. */
export function LeaderboardFilters({ params, countries, onCountryChange }: { params: LeaderboardParams; countries: CountryChoice[]; onCountryChange: (country: string) => void }) {
  const { t } = useTranslation();
  const countryId = useId();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <nav aria-label={t('leaderboard.periodLabel')}>
        <ul className="inline-flex rounded-lg border bg-muted p-1">
          {leaderboardPeriods.map((period: LeaderboardPeriod) => {
            const current = period === params.period;
            return (
              <li key={period}>
                <Link
                  to={{ search: leaderboardSearch({ ...params, period }) }}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-4 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    current ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {t(`leaderboard.period.${period}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex flex-col gap-1">
        <label htmlFor={countryId} className="text-sm font-medium">
          {t('leaderboard.countryLabel')}
        </label>
        <select
          id={countryId}
          value={params.country}
          onChange={(event) => onCountryChange(event.target.value)}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
