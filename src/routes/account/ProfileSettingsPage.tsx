import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountTab } from '../../domains/account/settings/AccountTab.tsx';
import { PreferencesTab } from '../../domains/account/settings/PreferencesTab.tsx';
import { SecurityTab } from '../../domains/account/settings/SecurityTab.tsx';
import { BillingTab } from '../../domains/billing/public.ts';
import { isLoggedIn, useAccountStore } from '../../domains/account/accountStore.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';

export const SETTINGS_TABS = ['account', 'preferences', 'security', 'billing'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

function tabOf(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'account';
}

const triggerClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** Settings with one tab per ?tab= value: account, preferences and notifications, security, billing. */
export default function ProfileSettingsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const loggedIn = useAccountStore(isLoggedIn);
  // The account is keyed by uuid so a different sign-in starts the forms afresh.
  const uuid = useAccountStore((s) => s.uuid);
  return (
    <PageContainer route="profile-settings" className="max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">{t('profile.settings.title')}</h1>
      {!loggedIn ? (
        <p className="mt-4 text-muted-foreground">{t('profile.signedOut')}</p>
      ) : (
        <Tabs.Root value={tab} onValueChange={(value) => setSearch({ tab: value }, { replace: true })} className="mt-6">
          <Tabs.List aria-label={t('profile.settings.tabs')} className="mb-6 flex flex-wrap gap-1 rounded-lg bg-muted p-1">
            {SETTINGS_TABS.map((value) => (
              <Tabs.Trigger key={value} value={value} className={triggerClass}>
                {t(`profile.settings.tab.${value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="account" key={`account-${uuid}`}>
            <AccountTab />
          </Tabs.Content>
          <Tabs.Content value="preferences">
            <PreferencesTab />
          </Tabs.Content>
          <Tabs.Content value="security">
            <SecurityTab />
          </Tabs.Content>
          <Tabs.Content value="billing">
            <BillingTab />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </PageContainer>
  );
}
