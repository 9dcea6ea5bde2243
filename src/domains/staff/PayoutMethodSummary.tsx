import { useTranslation } from 'react-i18next';
import type { PayoutMethod } from '../../../contract/monetization.ts';

/** Where a payout goes, in one line: bank, holder and number, or e-wallet, holder and handle. */
export function PayoutMethodSummary({ method }: { method: PayoutMethod }) {
  const { t } = useTranslation();
  return method.type === 'bank' ? (
    <span>{t('staff.monetization.bank', { bank: method.bankName, name: method.accountName, number: method.accountNumber })}</span>
  ) : (
    <span>{t('staff.monetization.ewallet', { provider: t(`monetization.form.providers.${method.provider}`), name: method.accountName, handle: method.handle })}</span>
  );
}
