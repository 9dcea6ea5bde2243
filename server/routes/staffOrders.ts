import { staffReasonBody } from '../../contract/staff.ts';
import { staffOrderListResponse, staffOrderParams, staffOrderQuery, staffOrderResponse } from '../../contract/staffOrders.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accountOf } from '../http/requireAccount.ts';
import { staffNoStore, staffOnly } from '../http/staffOnly.ts';
import { refundOrder } from '../domain/refunds.ts';
import { searchOrders, staffOrderView } from '../domain/staffOrders.ts';

/**
 * The staff console's Orders tab (contract/staffOrders.ts): look orders up and refund one in full through its
 * provider (server/domain/refunds.ts). 404 to anyone who is not staff now, before validation.
 */
export function staffOrderRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const guard = staffOnly(ctx);
  const noStore = staffNoStore;

  app.get('/staff/orders', { preValidation: guard, ...noStore, schema: { querystring: staffOrderQuery, response: { 200: staffOrderListResponse } } }, async (request) => ({
    data: await searchOrders(db, request.query.q, request.query.page, request.query.limit),
  }));

  app.post(
    '/staff/orders/:orderId/refund',
    { preValidation: guard, schema: { params: staffOrderParams, body: staffReasonBody, response: { 200: staffOrderResponse } } },
    async (request) => {
      const order = await refundOrder({ db, providers: ctx.payments, payments: ctx.config.payments }, accountOf(request), request.params.orderId, request.body.reason);
      return { data: await staffOrderView(db, order.id) };
    },
  );
}
