import { checkoutOptionsResponse, orderCreateBody, orderIdParams, orderResponse, type CheckoutOptions } from '../../contract/order.ts';
import { defaultCurrency } from '../../contract/plan.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { createOrder, orderViewFor } from '../domain/orders.ts';
import { originOf } from '../http/pageMeta.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';

/** GET /checkout/options, POST /orders, GET /orders/:orderId (contract/order.ts): the purchase path's server side. */
export function orderRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const signedIn = requireAccount(ctx);

  app.get('/checkout/options', { preHandler: signedIn, schema: { response: { 200: checkoutOptionsResponse } } }, async (request, reply) => {
    const account = accountOf(request);
    const providers = [...ctx.payments.values()].map((provider) => ({ id: provider.id, currencies: [...provider.currencies], isTest: provider.isTest }));
    const preferred = defaultCurrency(account.country, account.language);
    // The preferred currency when some provider charges it; else one that can be paid.
    const charged = providers.flatMap((provider) => provider.currencies);
    const currency = charged.length === 0 || charged.includes(preferred) ? preferred : charged[0]!;
    reply.header('cache-control', 'private, no-store');
    return { data: { currency, providers } satisfies CheckoutOptions };
  });

  app.post('/orders', { preHandler: signedIn, schema: { body: orderCreateBody, response: { 200: orderResponse } } }, async (request, reply) => {
    const order = await createOrder({ db, providers: ctx.payments, payments: ctx.config.payments }, accountOf(request), request.body, originOf(ctx.config, request));
    reply.header('cache-control', 'private, no-store');
    return { data: order };
  });

  // The checkout loading page polls this until the webhook has settled the order.
  app.get('/orders/:orderId', { preHandler: signedIn, schema: { params: orderIdParams, response: { 200: orderResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await orderViewFor(db, accountOf(request).id, request.params.orderId) };
  });
}
