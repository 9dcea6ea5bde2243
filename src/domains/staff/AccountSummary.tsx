import { useTranslation } from 'react-i18next';
import type { StaffAccount } from '../../../contract/staff.ts';
import { StaffTime } from './StaffTime.tsx';

/** Who an account is and where it stands: suspended or not, and its appeal's status. */
export function AccountSummary({ account }: { account: StaffAccount }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium">{t('staff.accounts.name')}</dt>
      <dd>
        {account.name} (@{account.username})
      </dd>
      <dt className="font-medium">{t('staff.accounts.email')}</dt>
      <dd>{account.email}</dd>
      <dt className="font-medium">{t('staff.accounts.status')}</dt>
      <dd data-testid="staff-account-status">
        {account.suspendedAt ? (
          <>
            {t('staff.accounts.suspendedSince')} <StaffTime iso={account.suspendedAt} />
          </>
        ) : (
          t('staff.accounts.active')
        )}
      </dd>
      <dt className="font-medium">{t('staff.accounts.appeal')}</dt>
      <dd>{t(`staff.appealStatus.${account.appealStatus}`)}</dd>
    </dl>
  );
}
