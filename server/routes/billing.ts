import { invoiceResponse, orderIdParams, orderListQuery, orderListResponse, subscriptionResponse } from '../../contract/order.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { cancelSubscription, listOrders, resumeSubscription, subscriptionOf } from '../domain/billing.ts';
import { invoicePdfFileName, renderInvoicePdf } from '../domain/invoicePdf.ts';
import { invoiceView } from '../domain/invoices.ts';
import { mailLocale } from '../infra/mail/mailTemplates.ts';

/**
 * The person's plan and money (contract/order.ts): GET /account/subscription, POST /account/subscription/cancel
 * and /resume, GET /account/orders, GET /invoices/:orderId and its PDF. Someone else's invoice answers like a
 * missing one (404).
 */
export function billingRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const signedIn = requireAccount(ctx);

  app.get('/account/subscription', { preHandler: signedIn, schema: { response: { 200: subscriptionResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await subscriptionOf(db, accountOf(request).id) };
  });

  app.post('/account/subscription/cancel', { preHandler: signedIn, schema: { response: { 200: subscriptionResponse } } }, async (request) => ({
    data: await cancelSubscription(db, accountOf(request).id),
  }));

  app.post('/account/subscription/resume', { preHandler: signedIn, schema: { response: { 200: subscriptionResponse } } }, async (request) => ({
    data: await resumeSubscription(db, accountOf(request).id),
  }));

  app.get('/account/orders', { preHandler: signedIn, schema: { querystring: orderListQuery, response: { 200: orderListResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listOrders(db, accountOf(request).id, request.query.page);
  });

  app.get('/invoices/:orderId', { preHandler: signedIn, schema: { params: orderIdParams, response: { 200: invoiceResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await invoiceView(db, accountOf(request).id, request.params.orderId) };
  });

  app.get('/invoices/:orderId/pdf', { preHandler: signedIn, schema: { params: orderIdParams } }, async (request, reply) => {
    const account = accountOf(request);
    const invoice = await invoiceView(db, account.id, request.params.orderId);
    const pdf = await renderInvoicePdf(invoice, { locale: mailLocale(account.locale ?? account.language) });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoicePdfFileName(invoice)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
