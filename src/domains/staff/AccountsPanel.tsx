import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffAccount } from '../../../contract/staff.ts';
import { apiErrorMessage, isApiError } from '../../api/index.ts';
import { findStaffAccount, suspendAccount } from '../../api/staff.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AccountSummary } from './AccountSummary.tsx';
import { ReasonForm } from './ReasonForm.tsx';

/** Finds an account by email or username and suspends it with a reason. */
export function AccountsPanel() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [account, setAccount] = useState<StaffAccount | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function lookUp(event: FormEvent) {
    event.preventDefault();
    if (!query.trim()) {
      setError(t('staff.accounts.queryRequired'));
      return;
    }
    setBusy(true);
    setError(undefined);
    setAccount(null);
    try {
      setAccount(await findStaffAccount(query.trim()));
    } catch (failure) {
      setError(isApiError(failure) && failure.status === 404 ? t('staff.accounts.notFound') : apiErrorMessage(t, failure, t('staff.loadError')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="staff-accounts-heading" className="space-y-4">
      <h2 id="staff-accounts-heading" className="text-xl font-semibold">
        {t('staff.accounts.heading')}
      </h2>
      <form aria-labelledby="staff-accounts-heading" className="flex flex-wrap items-end gap-2" onSubmit={(event) => void lookUp(event)} noValidate>
        <TextField className="min-w-64 flex-1" label={t('staff.accounts.query')} name="q" value={query} onValueChange={setQuery} error={error} autoComplete="off" />
        <Button type="submit" disabled={busy}>
          {t('staff.accounts.find')}
        </Button>
      </form>
      {account && (
        <div className="space-y-3 rounded-xl border p-4">
          <AccountSummary account={account} />
          {account.suspendedAt === null && (
            <ReasonForm
              subject={`@${account.username}`}
              actions={[{ action: 'suspend', label: t('staff.accounts.suspend'), variant: 'destructive' }]}
              onSubmit={async (_action, reason) => setAccount(await suspendAccount(account.uuid, reason))}
            />
          )}
        </div>
      )}
    </section>
  );
}
