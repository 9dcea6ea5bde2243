import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import { useOrderStatus } from '../commerce/public.ts';

/** Back from the provider (/credits?order=…): waits for the webhook's outcome, then the balance is read again. */
export function TopUpReturn({ orderId, onPaid }: { orderId: string; onPaid: () => void }) {
  const { t } = useTranslation();
  const watch = useOrderStatus(orderId);
  const paid = watch.phase === 'settled' && watch.order.status === 'paid';
  useEffect(() => {
    if (paid) onPaid();
  }, [paid, onPaid]);
  if (watch.phase === 'loading' || watch.phase === 'watching') {
    return (
      <output className="flex items-center gap-2 rounded-lg border p-4">
        <Spinner size="sm" />
        <span>{t('credits.return.waiting')}</span>
      </output>
    );
  }
  if (paid) return <output className="block rounded-lg border border-green-600 p-4">{t('credits.return.paid')}</output>;
  if (watch.phase === 'settled') return <p role="alert" className="rounded-lg border border-destructive p-4">{t('credits.return.notPaid')}</p>;
  return null;
}
