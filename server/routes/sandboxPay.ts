import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { majorAmount } from '../../contract/plan.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { orderLabel } from '../domain/billingMail.ts';
import { orderByProviderRef } from '../domain/orders.ts';
import { creditOrderReturnPath } from '../domain/creditOrders.ts';
import { campaignUriOfOrder } from '../domain/donations.ts';
import { donationReturnPath } from '../../contract/donation.ts';
import type { OrderRow } from '../domain/orderLedger.ts';
import { escapeHtml } from '../http/escapeHtml.ts';
import { pickLocale } from '../http/firstView.ts';
import { mailText, type MailLocale } from '../infra/mail/mailTemplates.ts';
import { sandboxOutcomes, sandboxPayPath, type SandboxProvider } from '../infra/payments/sandboxProvider.ts';

const paymentParams = z.object({ paymentId: z.string() });
const outcomeForm = z.object({ outcome: z.enum(sandboxOutcomes) });
const PAGE_LOCALES = new Set<MailLocale>(['en', 'id']);

/** The page's texts (locales/*.json, namespace sandboxPay), read through the server's i18next instance. */
const text = (locale: MailLocale, key: string, vars: Record<string, string | number> = {}) => mailText(locale, `sandboxPay.${key}`, vars);

async function page(locale: MailLocale, title: string, body: string): Promise<string> {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f6f4;color:#1d1d1b}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;border:1px solid #ddd}
.test{margin:0 0 1rem;padding:.5rem .75rem;background:#fff3bf;border:2px dashed #b35c00;border-radius:8px;font-weight:700;color:#6b3500}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{color:#555}dd{margin:0;font-weight:600}
form{display:flex;flex-direction:column;gap:.5rem}
button{font:inherit;padding:.75rem;border-radius:8px;border:1px solid #888;background:#fff;cursor:pointer}
button[value=paid]{background:#1a7f37;color:#fff;border-color:#1a7f37}
button:focus-visible,a:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="test" role="note">${escapeHtml(await text(locale, 'testBadge'))}</p>
${body}
</main>
</body>
</html>
`;
}

async function paymentPage(locale: MailLocale, paymentId: string, order: OrderRow): Promise<string> {
  const plan = await orderLabel(locale, order);
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: order.currency }).format(majorAmount(order.amount, order.currency));
  const title = await text(locale, 'title');
  const settled = order.status === 'paid' || order.status === 'refunded';
  const actions = settled
    ? `<p>${escapeHtml(await text(locale, 'alreadyPaid'))}</p>
<p><a href="/checkout/loading/${order.id}">${escapeHtml(await text(locale, 'back'))}</a></p>`
    : `<p id="choose">${escapeHtml(await text(locale, 'choose'))}</p>
<form method="post" action="${escapeHtml(sandboxPayPath(paymentId))}" aria-describedby="choose">
<button type="submit" name="outcome" value="paid">${escapeHtml(await text(locale, 'pay', { amount }))}</button>
<button type="submit" name="outcome" value="failed">${escapeHtml(await text(locale, 'fail'))}</button>
<button type="submit" name="outcome" value="pending">${escapeHtml(await text(locale, 'pending'))}</button>
</form>`;
  return page(
    locale,
    title,
    `<h1>${escapeHtml(title)}</h1>
<dl>
<dt>${escapeHtml(await text(locale, 'planLabel'))}</dt><dd>${escapeHtml(plan)}</dd>
<dt>${escapeHtml(await text(locale, 'amountLabel'))}</dt><dd>${escapeHtml(amount)}</dd>
<dt>${escapeHtml(await text(locale, 'statusLabel'))}</dt><dd>${escapeHtml(await text(locale, `status.${order.status}`))}</dd>
</dl>
${actions}`,
  );
}

async function sendPage(reply: FastifyReply, status: number, html: string): Promise<FastifyReply> {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The sandbox provider's hosted payment page (root routes; contract rootRoutes): GET /sandbox-pay/:paymentId shows the
 * order's plan and amount, marked as a test payment, with three outcomes; POST sends the outcome to the app as the
 * provider's signed webhook and sends the browser back to the checkout's loading page. Both answer 404 unless the
 * sandbox provider is on. Plain HTML and a form: no script, nothing from another host (the app's CSP holds).
 *
 * The webhook goes through app.inject rather than a fetch to the listening address: it takes the same route,
 * hooks, parser and signature check as a real provider's POST, needs no address the server may not know
 * (behind a proxy, in a container, in tests that never listen), and cannot be sent anywhere else.
 */
export function sandboxPayRoutes(app: ZodApp, ctx: AppContext): void {
  // The outcome form (this plugin only: the API takes JSON).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const sandbox = () => ctx.payments.get('sandbox') as SandboxProvider | undefined;
  // A refund's webhook (staff's refund, server/domain/refunds.ts) takes the same way as the pay button's.
  sandbox()?.deliverWebhooksWith(async (webhook) => {
    const delivered = await app.inject({ method: 'POST', url: '/webhooks/sandbox', headers: webhook.headers, payload: webhook.body });
    if (delivered.statusCode !== 200) throw new Error(`the sandbox webhook was refused (HTTP ${delivered.statusCode}): ${delivered.body.slice(0, 200)}`);
  });
  const localeOf = (acceptLanguage: string | undefined) => pickLocale(acceptLanguage, PAGE_LOCALES) as MailLocale;

  async function notFoundPage(reply: FastifyReply, locale: MailLocale): Promise<FastifyReply> {
    const title = await text(locale, 'notFoundTitle');
    return sendPage(reply, 404, await page(locale, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(await text(locale, 'notFound'))}</p>`));
  }

  /** The sandbox's order for a payment id, or null (no sandbox, no such payment). */
  async function orderOf(paymentId: string): Promise<OrderRow | null> {
    if (!sandbox() || paymentId.length > 100) return null;
    return (await orderByProviderRef(ctx.database.db, 'sandbox', paymentId)) ?? null;
  }

  app.get('/sandbox-pay/:paymentId', { schema: { params: paymentParams } }, async (request, reply) => {
    const locale = localeOf(request.headers['accept-language']);
    const order = await orderOf(request.params.paymentId);
    if (!order) return notFoundPage(reply, locale);
    return sendPage(reply, 200, await paymentPage(locale, request.params.paymentId, order));
  });

  app.post('/sandbox-pay/:paymentId', { schema: { params: paymentParams } }, async (request, reply) => {
    const locale = localeOf(request.headers['accept-language']);
    const provider = sandbox();
    const order = await orderOf(request.params.paymentId);
    if (!provider || !order) return notFoundPage(reply, locale);
    const form = outcomeForm.safeParse(request.body);
    if (!form.success) {
      const title = await text(locale, 'badOutcomeTitle');
      return sendPage(reply, 400, await page(locale, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(await text(locale, 'badOutcome'))}</p>`));
    }
    const webhook = provider.webhookFor({ paymentId: request.params.paymentId, orderId: order.id, amount: order.amount, currency: order.currency }, form.data.outcome);
    // With the browser's host, so the links in the receipt mail point where the person is (when PUBLIC_URL is unset).
    const host = request.headers.host ? { host: request.headers.host } : {};
    const delivered = await app.inject({ method: 'POST', url: '/webhooks/sandbox', headers: { ...webhook.headers, ...host }, payload: webhook.body });
    if (delivered.statusCode !== 200) {
      request.log.error({ status: delivered.statusCode, body: delivered.body, orderId: order.id }, 'sandbox webhook refused');
      const title = await text(locale, 'deliveryFailedTitle');
      return sendPage(reply, 502, await page(locale, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(await text(locale, 'deliveryFailed'))}</p>`));
    }
    // Back to the checkout, which shows the state the webhook left (303: the browser follows with a GET).
    // A donor (often without an account) goes back to the campaign, as a real provider's return URL sends them.
    const donatedTo = order.kind === 'donation' ? await campaignUriOfOrder(ctx.database.db, order) : null;
    if (donatedTo !== null) return reply.header('cache-control', 'no-store').redirect(donationReturnPath(donatedTo), 303);
    // Credits go back to /credits, a result without the watermark to the page it was bought on.
    const creditsReturn = await creditOrderReturnPath(ctx.database.db, order);
    if (creditsReturn !== null) return reply.header('cache-control', 'no-store').redirect(creditsReturn, 303);
    return reply.header('cache-control', 'no-store').redirect(`/checkout/loading/${order.id}`, 303);
  });
}
