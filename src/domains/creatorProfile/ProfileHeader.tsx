import { CalendarDays, Link2, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_BANNER_PATH, type CreatorProfile } from '../../../contract/creatorProfile.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { UserHandle } from '../../ui/UserHandle.tsx';

/** Banner, avatar, name, bio, website, country, joined date and public totals. */
export function ProfileHeader({ profile, countryName }: { profile: CreatorProfile; countryName: string | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language || 'en';
  const joined = formatDate(profile.createdAt, language);
  const stats = [
    ['campaigns', profile.totals.campaigns],
    ['supporters', profile.totals.supporters],
    ['posts', profile.totals.posts],
  ] as const;
  return (
    <header className="flex flex-col">
      <div className="aspect-[3/1] max-h-64 w-full overflow-hidden rounded-xl bg-muted">
        <img src={profile.bannerUrl ?? DEFAULT_BANNER_PATH} alt="" className="size-full object-cover" data-testid="profile-banner" />
      </div>
      <div className="-mt-12 flex flex-wrap items-end gap-4 px-4 sm:-mt-16">
        <span className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border-4 border-background bg-muted text-3xl font-semibold text-muted-foreground sm:size-32">
          {profile.avatarUrl ? <img src={profile.avatarUrl} alt={t('creatorProfile.avatarAlt', { name: profile.name })} className="size-full object-cover" /> : <span aria-hidden="true">{profile.name.slice(0, 1).toUpperCase()}</span>}
        </span>
        <div className="min-w-0 flex-1 pb-1">
          <h1 dir="auto" className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{profile.name}</h1>
          <p className="text-muted-foreground">
            <UserHandle username={profile.username} />
          </p>
        </div>
      </div>
      {profile.bio && <p dir="auto" className="mt-4 max-w-2xl px-4 leading-relaxed whitespace-pre-line">{profile.bio}</p>}
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 px-4 text-sm text-muted-foreground">
        {profile.websiteLink && (
          <li className="flex items-center gap-1">
            <Link2 className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('creatorProfile.website')}: </span>
            {/* The address is the creator's own choice: not endorsed (nofollow ugc), no opener access. */}
            <a href={profile.websiteLink} target="_blank" rel="nofollow ugc noopener" dir="ltr" className="text-primary-ink underline-offset-4 hover:underline">
              {profile.websiteLink.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
            </a>
          </li>
        )}
        {countryName && (
          <li className="flex items-center gap-1">
            <MapPin className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('creatorProfile.country')}: </span>
            {countryName}
          </li>
        )}
        {joined && (
          <li className="flex items-center gap-1">
            <CalendarDays className="size-4" aria-hidden="true" />
            {t('creatorProfile.joined')} <time dateTime={profile.createdAt}>{joined}</time>
          </li>
        )}
      </ul>
      <dl className="mt-6 grid grid-cols-3 gap-3 px-4 sm:max-w-lg" data-testid="profile-totals">
        {stats.map(([key, value]) => (
          <div key={key} className="rounded-lg border p-3 text-center">
            <dt className="text-xs text-muted-foreground">{t(`creatorProfile.totals.${key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-stat={key}>
              {formatNumber(value, language)}
            </dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
