import type { Db } from '../infra/db/database.ts';
import type { OrderRow } from './orderLedger.ts';

/**
 * What a paid order gives, for one kind of order (the registry is orderFulfilment.ts). `paid` runs in the payment
 * event's transaction, right after the order moved to paid, so the order, what it buys and its ledger entries commit
 * together; `refunded` in the refund's. Both must be idempotent: a handler never gives or takes twice for one order.
 * Kept apart from the registry so that each kind's module can name this type without an import cycle.
 */
export interface Fulfilment {
  paid(tx: Db, order: OrderRow, now: Date): Promise<void>;
  /**
   * Takes back what the order gave, or throws a DomainError when it cannot (credits already spent, earnings paid
   * out). server/domain/refunds.ts runs it as a trial before asking the provider, so a refusal never moves money.
   */
  refunded(tx: Db, order: OrderRow, now: Date): Promise<void>;
  /** The invoice line names the order so. */
  describe(tx: Db, order: OrderRow): Promise<string>;
}
