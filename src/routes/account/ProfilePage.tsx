import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Avatar } from '../../domains/account/Avatar.tsx';
import { planName } from '../../domains/account/planName.ts';
import { OwnCampaigns } from '../../domains/create/OwnCampaigns.tsx';
import { OwnCollections } from '../../domains/collection/public.ts';
import { isLoggedIn, useAccountStore } from '../../domains/account/accountStore.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { UserHandle } from '../../ui/UserHandle.tsx';

/** The signed-in account's own profile. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const account = useAccountStore();
  const loggedIn = isLoggedIn(account);
  if (!loggedIn) {
    return (
      <PageContainer route="profile-own" className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight">{t('profile.title')}</h1>
        <p className="mt-4 text-muted-foreground">{t('profile.signedOut')}</p>
      </PageContainer>
    );
  }
  const pendingEmail = typeof account.emailUpdate?.email === 'string' ? account.emailUpdate.email : null;
  return (
    <PageContainer route="profile-own" className="max-w-3xl">
      <div className="h-32 overflow-hidden rounded-xl bg-gradient-to-r from-primary/30 to-accent/30 sm:h-40">
        {account.banner && <img src={account.banner} alt={t('profile.bannerAlt')} className="size-full object-cover" />}
      </div>
      <div className="-mt-10 flex flex-wrap items-end gap-4 px-4">
        <Avatar src={account.avatar} name={account.name} className="size-24 border-4 border-background" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold tracking-tight" data-testid="profile-name">
            {account.name}
          </h1>
          {account.username && (
            <p className="text-muted-foreground">
              <UserHandle username={account.username} />
            </p>
          )}
        </div>
        <Button variant="outline" asChild>
          <Link to="/profile/profile-settings">{t('profile.menu.settings')}</Link>
        </Button>
      </div>
      {account.bio && <p dir="auto" className="mt-6 px-4 whitespace-pre-wrap">{account.bio}</p>}
      {/^https?:\/\//i.test(account.websiteLink) && (
        <p className="mt-3 px-4 text-sm">
          <span className="text-muted-foreground">{t('profile.website')}: </span>
          {/* Only http(s) links are shown (the server validates them too); nofollow since the address is user-chosen. */}
          <a href={account.websiteLink} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-primary-ink underline-offset-4 hover:underline">
            {account.websiteLink.replace(/^https?:\/\//, '')}
          </a>
        </p>
      )}
      <dl className="mt-6 grid gap-3 px-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{t('auth.email')}</dt>
          <dd>
            {account.email} {account.isVerified ? `· ${t('profile.verified')}` : ''}
          </dd>
        </div>
        {pendingEmail && (
          <div>
            <dt className="text-muted-foreground">{t('profile.pendingEmail')}</dt>
            <dd>{pendingEmail}</dd>
          </div>
        )}
        {account.createdAt > 0 && (
          <div>
            <dt className="text-muted-foreground">{t('profile.memberSince')}</dt>
            <dd>{new Date(account.createdAt).toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', day: 'numeric' })}</dd>
          </div>
        )}
        <div>
          <dt className="text-muted-foreground">{t('profile.plan')}</dt>
          <dd data-testid="profile-plan">{planName(t, account.subscription?.plan)}</dd>
        </div>
      </dl>
      <OwnCampaigns />
      <OwnCollections />
    </PageContainer>
  );
}
