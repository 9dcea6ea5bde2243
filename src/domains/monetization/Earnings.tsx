import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EarningsBalance, EarningsView } from '../../../contract/monetization.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { fetchEarnings } from '../../api/monetization.ts';
import { useAsync } from '../../api/useAsync.ts';
import { buttonVariants } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatDate } from '../../lib/format.ts';
import { formatMoney } from '../../lib/formatMoney.ts';
import { PayoutRequestForm } from './PayoutRequestForm.tsx';

/** The earnings page: per currency the balance, pending and available amounts and the payout request; per campaign; payouts. */
export function Earnings() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const [state] = useAsync((signal) => fetchEarnings(signal), [version]);
  if (state.status === 'loading') return <Spinner label={t('monetization.loading')} busy />;
  if (state.status === 'error') return <p role="alert">{apiErrorMessage(t, state.error, t('monetization.loadError'))}</p>;
  const view = state.data;
  const shown = view.balances.filter((balance) => balance.balance !== 0 || balance.openPayout || balance.currency === 'IDR');
  return (
    <div className="mt-6 space-y-8">
      {view.state !== 'APPROVED' && (
        <p className="rounded-md border bg-muted/40 p-3 text-sm">
          {t('monetization.earnings.notApproved')}{' '}
          <Link to="/apply-monetization" className="underline">
            {t('monetization.earnings.apply')}
          </Link>
        </p>
      )}
      <section aria-labelledby="earnings-balances" className="space-y-4">
        <h2 id="earnings-balances" className="text-xl font-semibold">
          {t('monetization.earnings.balances')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('monetization.earnings.hold', { count: view.holdDays })}</p>
        <div className="grid gap-4 md:grid-cols-2">
          {shown.map((balance) => (
            <BalanceCard key={balance.currency} balance={balance} approved={view.state === 'APPROVED'} onChanged={() => setVersion((n) => n + 1)} />
          ))}
        </div>
      </section>
      <CampaignTable view={view} />
      <PayoutTable view={view} />
    </div>
  );
}

function BalanceCard({ balance, approved, onChanged }: { balance: EarningsBalance; approved: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, balance.currency, i18n.language || 'en');
  return (
    <article aria-label={t('monetization.earnings.in', { currency: balance.currency })} data-currency={balance.currency} className="space-y-3 rounded-xl border p-4">
      <dl className="grid grid-cols-[1fr_max-content] gap-y-1 text-sm">
        <dt>{t('monetization.earnings.balance')}</dt>
        <dd data-testid={`earnings-balance-${balance.currency}`} className="font-semibold">
          {money(balance.balance)}
        </dd>
        <dt>{t('monetization.earnings.pending')}</dt>
        <dd data-testid={`earnings-pending-${balance.currency}`}>{money(balance.pending)}</dd>
        <dt>{t('monetization.earnings.available')}</dt>
        <dd data-testid={`earnings-available-${balance.currency}`}>{money(balance.available)}</dd>
      </dl>
      {balance.openPayout ? (
        <p className="text-sm" data-testid={`earnings-open-payout-${balance.currency}`}>
          {t('monetization.earnings.openPayout', { amount: money(balance.openPayout.amount) })}
        </p>
      ) : (
        approved && <PayoutRequestForm balance={balance} onDone={onChanged} />
      )}
    </article>
  );
}

function CampaignTable({ view }: { view: EarningsView }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="earnings-campaigns" className="space-y-3">
      <h2 id="earnings-campaigns" className="text-xl font-semibold">
        {t('monetization.earnings.campaigns')}
      </h2>
      {view.campaigns.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('monetization.earnings.noEarnings')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-start">
              <th scope="col" className="text-start">{t('monetization.earnings.campaign')}</th>
              <th scope="col" className="text-end">{t('monetization.earnings.donations')}</th>
              <th scope="col" className="text-end">{t('monetization.earnings.net')}</th>
            </tr>
          </thead>
          <tbody>
            {view.campaigns.map((row) => (
              <tr key={`${row.uri ?? '-'}-${row.currency}`}>
                <td>{row.uri ? <Link to={`/${row.uri}`}>{row.title}</Link> : t('monetization.earnings.deletedCampaign')}</td>
                <td className="text-end">{row.donations}</td>
                <td className="text-end">{formatMoney(row.amount, row.currency, i18n.language || 'en')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function PayoutTable({ view }: { view: EarningsView }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language || 'en', 'medium') || iso;
  return (
    <section aria-labelledby="earnings-payouts" className="space-y-3">
      <h2 id="earnings-payouts" className="text-xl font-semibold">
        {t('monetization.earnings.payouts')}
      </h2>
      {view.payouts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('monetization.earnings.noPayouts')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className="text-start">{t('monetization.earnings.requested')}</th>
              <th scope="col" className="text-end">{t('monetization.earnings.amount')}</th>
              <th scope="col" className="text-start">{t('monetization.earnings.status')}</th>
              <th scope="col" className="text-start">{t('monetization.earnings.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {view.payouts.map((payout) => (
              <tr key={payout.id} data-payout-state={payout.state}>
                <td>{date(payout.requestedAt)}</td>
                <td className="text-end">{formatMoney(payout.amount, payout.currency, i18n.language || 'en')}</td>
                <td>{t(`monetization.payoutState.${payout.state}`)}</td>
                <td>{payout.reference ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Link to="/apply-monetization" className={buttonVariants({ variant: 'link' })}>
        {t('monetization.earnings.application')}
      </Link>
    </section>
  );
}
