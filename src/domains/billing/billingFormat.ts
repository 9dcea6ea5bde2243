import type { TFunction } from 'i18next';
import { creditPackById } from '../../../contract/credits.ts';
import type { OrderView } from '../../../contract/order.ts';
import type { PaidTier, PlanPeriod } from '../../../contract/plan.ts';
import { formatDate } from '../../lib/format.ts';

/** "Supporter (monthly)": the same words the billing mails use. */
export function planLabel(t: TFunction, tier: PaidTier, period: PlanPeriod): string {
  return t('billing.planName', { tier: t(`billing.tier.${tier}`), period: t(`billing.period.${period}`) });
}

/** What an order bought, in the person's words: a plan, a credit pack, a result without the watermark, a donation. */
export function orderLabel(t: TFunction, order: Pick<OrderView, 'kind' | 'tier' | 'period' | 'itemId' | 'planId'>): string {
  if (order.kind === 'plan') return order.tier && order.period ? planLabel(t, order.tier, order.period) : (order.planId ?? '');
  if (order.kind === 'credits') return t('billing.item.credits', { count: creditPackById(order.itemId)?.credits ?? 0 });
  return t(`billing.item.${order.kind}`);
}

/** A date in the locale; the ISO day when the locale has no date data. */
export function formatDay(ms: number, locale: string): string {
  return formatDate(ms, locale) || new Date(ms).toISOString().slice(0, 10);
}
