import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MONETIZATION_LIMITS, type StaffPayout } from '../../../contract/monetization.ts';
import { STAFF_PAGE_SIZE_DEFAULT } from '../../../contract/staff.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { fetchRequestedPayouts, markPayoutPaid, rejectPayout } from '../../api/monetization.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { formatMoney } from '../../lib/formatMoney.ts';
import { AccountSummary } from './AccountSummary.tsx';
import { ListStatus } from './ListStatus.tsx';
import { PayoutMethodSummary } from './PayoutMethodSummary.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import { StaffTime } from './StaffTime.tsx';
import { useStaffList } from './useStaffList.ts';

/** Requested payouts, oldest first: mark paid with the transfer reference, or reject (the money returns to earnings). */
export function PayoutsPanel() {
  const { t } = useTranslation();
  const { page, setPage, state, retry, reload } = useStaffList(fetchRequestedPayouts);
  return (
    <section aria-labelledby="staff-payouts-heading" className="space-y-4">
      <h2 id="staff-payouts-heading" className="text-xl font-semibold">
        {t('staff.monetization.payouts.heading')}
      </h2>
      <ListStatus state={state} retry={retry} loadingLabel={t('staff.monetization.payouts.loading')} />
      {state.status === 'success' && state.data.items.length === 0 && <EmptyState title={t('staff.monetization.payouts.empty')} headingLevel={3} />}
      {state.status === 'success' && (
        <>
          <ul className="space-y-4">
            {state.data.items.map((payout) => (
              <li key={payout.id}>
                <PayoutCard payout={payout} onDone={reload} />
              </li>
            ))}
          </ul>
          <Pagination page={page} total={state.data.total} perPage={STAFF_PAGE_SIZE_DEFAULT} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function PayoutCard({ payout, onDone }: { payout: StaffPayout; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const amount = formatMoney(payout.amount, payout.currency, i18n.language || 'en');
  const subject = t('staff.monetization.payouts.subject', { amount, username: payout.account.username });
  return (
    <article aria-label={subject} className="space-y-3 rounded-xl border p-4">
      <p className="text-lg font-semibold">{amount}</p>
      <AccountSummary account={payout.account} />
      <p className="text-sm">
        <PayoutMethodSummary method={payout.method} />
      </p>
      <p className="text-xs text-muted-foreground">
        {t('staff.monetization.payouts.requested')} <StaffTime iso={payout.requestedAt} />
      </p>
      <ReferenceForm
        subject={subject}
        onSubmit={async (reference) => {
          await markPayoutPaid(payout.id, reference);
          onDone();
        }}
      />
      <ReasonForm
        subject={subject}
        actions={[{ action: 'reject', label: t('staff.monetization.payouts.reject'), variant: 'destructive' }]}
        onSubmit={async (_action, reason) => {
          await rejectPayout(payout.id, reason);
          onDone();
        }}
      />
    </article>
  );
}

/** The transfer reference and the button that marks the payout paid with it. */
function ReferenceForm({ subject, onSubmit }: { subject: string; onSubmit: (reference: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reference.trim().length < 3) return setError(t('staff.monetization.payouts.referenceRequired'));
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(reference.trim());
    } catch (failure) {
      setError(apiErrorMessage(t, failure, t('staff.reason.failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="space-y-2" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('staff.monetization.payouts.reference', { subject })}
        name="reference"
        value={reference}
        onValueChange={setReference}
        error={error}
        maxLength={MONETIZATION_LIMITS.referenceMax}
      />
      <Button type="submit" size="sm" disabled={busy}>
        {t('staff.monetization.payouts.pay')}
      </Button>
    </form>
  );
}
