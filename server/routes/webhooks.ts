import { z } from 'zod';
import { paymentProviderSchema } from '../../contract/order.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { DomainError, notFound } from '../domainError.ts';
import { receivePaymentEvent } from '../domain/orders.ts';
import { originOf } from '../http/pageMeta.ts';
import { WebhookSignatureError } from '../infra/payments/paymentProvider.ts';

/** Webhook bodies are small JSON (or form) events; anything larger is not one. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

const webhookParams = z.object({ provider: z.string() });

/**
 * POST /webhooks/:provider (a root route; contract rootRoutes): a payment provider tells us what happened to a
 * payment. Not request-signed: the provider's own signature over the exact bytes is the authentication, so this
 * plugin keeps every body as a Buffer, whatever its content type. Register it in its own plugin (the parser is
 * scoped to it).
 */
export function webhookRoutes(app: ZodApp, ctx: AppContext): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/webhooks/:provider', { schema: { params: webhookParams } }, async (request, reply) => {
    const id = paymentProviderSchema.safeParse(request.params.provider);
    const provider = id.success ? ctx.payments.get(id.data) : undefined;
    if (!provider) throw notFound('No such payment provider');
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event;
    try {
      event = await provider.parseWebhook(rawBody, request.headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new DomainError('WEBHOOK_SIGNATURE_INVALID', error.message);
      throw error;
    }
    reply.header('cache-control', 'no-store');
    // An event type that means nothing to an order: taken, so the provider stops sending it.
    if (!event) return reply.send({ received: true, outcome: 'ignored' });
    const { outcome, order } = await receivePaymentEvent(
      { db: ctx.database.db, mailer: ctx.mail, publicUrl: originOf(ctx.config, request), log: request.log, payments: ctx.config.payments, jobs: ctx.jobs },
      provider.id,
      event,
    );
    return reply.send({ received: true, outcome, status: order.status });
  });
}
