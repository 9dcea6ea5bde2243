import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MonetizationView } from '../../../contract/monetization.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { fetchMonetization } from '../../api/monetization.ts';
import { useAsync } from '../../api/useAsync.ts';
import { Button, buttonVariants } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useAccountStore } from '../account/public.ts';
import { ApplicationForm } from './ApplicationForm.tsx';

/**
 * The /apply-monetization page's body by state: the form (FORM), under review (PENDING), approved with the way to
 * earnings, or rejected with staff's reason and a new application. The account store's applyMonetization follows.
 */
export function ApplyMonetization() {
  const { t } = useTranslation();
  const [loaded] = useAsync((signal) => fetchMonetization(signal), []);
  const [sent, setSent] = useState<MonetizationView | null>(null);
  const [again, setAgain] = useState(false);
  const patch = useAccountStore((s) => s.patch);
  if (loaded.status === 'loading') return <Spinner label={t('monetization.loading')} busy />;
  if (loaded.status === 'error') return <p role="alert">{apiErrorMessage(t, loaded.error, t('monetization.loadError'))}</p>;
  const view = sent ?? loaded.data;
  const onSent = (next: MonetizationView) => {
    setSent(next);
    setAgain(false);
    patch({ applyMonetization: next.state });
  };

  if (view.state === 'FORM' || (view.state === 'REJECTED' && again)) return <ApplicationForm initial={view.application} onSent={onSent} />;
  return (
    <section aria-live="polite" data-state={view.state} className="mt-6 space-y-3 rounded-xl border p-5">
      <h2 className="text-xl font-semibold">{t(`monetization.state.${view.state}.title`)}</h2>
      <p className="text-muted-foreground">{t(`monetization.state.${view.state}.body`)}</p>
      {view.state === 'REJECTED' && view.application?.reason && (
        <blockquote className="border-s-4 ps-3 whitespace-pre-wrap" aria-label={t('monetization.state.REJECTED.reason')}>
          {view.application.reason}
        </blockquote>
      )}
      {view.state === 'APPROVED' && (
        <Link to="/profile/earnings" className={buttonVariants()}>
          {t('monetization.state.APPROVED.earnings')}
        </Link>
      )}
      {view.state === 'REJECTED' && <Button onClick={() => setAgain(true)}>{t('monetization.state.REJECTED.again')}</Button>}
    </section>
  );
}
