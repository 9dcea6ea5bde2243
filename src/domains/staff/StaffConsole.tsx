import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountsPanel } from './AccountsPanel.tsx';
import { AppealsPanel } from './AppealsPanel.tsx';
import { ApplicationsPanel } from './ApplicationsPanel.tsx';
import { PayoutsPanel } from './PayoutsPanel.tsx';
import { AuditLog } from './AuditLog.tsx';
import { ReportsQueue } from './ReportsQueue.tsx';
import { OrdersPanel } from './OrdersPanel.tsx';
import { PiracyPanel } from './PiracyPanel.tsx';

export const STAFF_TABS = ['reports', 'accounts', 'appeals', 'applications', 'payouts', 'orders', 'piracy', 'audit'] as const;
export type StaffTab = (typeof STAFF_TABS)[number];
/** Each tab's label: the later tabs' live with the rest of their strings. */
const TAB_LABELS: Readonly<Record<StaffTab, string>> = {
  reports: 'staff.tabs.reports',
  accounts: 'staff.tabs.accounts',
  appeals: 'staff.tabs.appeals',
  applications: 'staff.monetization.tabs.applications',
  payouts: 'staff.monetization.tabs.payouts',
  orders: 'staff.orders.tab',
  piracy: 'staff.piracy.tab',
  audit: 'staff.tabs.audit',
};

const triggerClass =
  'rounded-md px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=active]:bg-primary data-[state=active]:text-primary-foreground';

/** The staff console's tabs (?tab=…, reports by default); each tab loads when it opens. */
export function StaffConsole() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: StaffTab = STAFF_TABS.includes(asked as StaffTab) ? (asked as StaffTab) : 'reports';
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })} className="space-y-6">
      <Tabs.List aria-label={t('staff.tabs.label')} className="flex flex-wrap gap-2 border-b pb-2">
        {STAFF_TABS.map((name) => (
          <Tabs.Trigger key={name} value={name} className={triggerClass}>
            {t(TAB_LABELS[name])}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="reports">
        <ReportsQueue />
      </Tabs.Content>
      <Tabs.Content value="accounts">
        <AccountsPanel />
      </Tabs.Content>
      <Tabs.Content value="appeals">
        <AppealsPanel />
      </Tabs.Content>
      <Tabs.Content value="applications">
        <ApplicationsPanel />
      </Tabs.Content>
      <Tabs.Content value="payouts">
        <PayoutsPanel />
      </Tabs.Content>
      <Tabs.Content value="orders">
        <OrdersPanel />
      </Tabs.Content>
      <Tabs.Content value="piracy">
        <PiracyPanel />
      </Tabs.Content>
      <Tabs.Content value="audit">
        <AuditLog />
      </Tabs.Content>
    </Tabs.Root>
  );
}
