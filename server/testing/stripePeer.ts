import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { AppConfig } from '../config.ts';

export const STRIPE_TEST_KEY = 'sk_test_peer_0123456789';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_peer_0123456789';

/** A Checkout Session as the peer keeps it (the fields the adapter reads, named as Stripe names them). */
export interface StripePeerSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  created: number;
  livemode: false;
}

/** A refund as the peer keeps it (the fields Stripe's Refund object has that the adapter reads). */
export interface StripePeerRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
}

export type StripeSessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

export interface StripeEventOptions {
  /** checkout.session.completed: 'paid' (default) or 'unpaid' (a delayed method still running). */
  paymentStatus?: StripePeerSession['payment_status'];
  /** Report another amount than the session's (an amount mismatch). */
  amountTotal?: number;
  /** Sign with another secret: a forged webhook. */
  forged?: boolean;
  /** Seconds since the epoch the event (and its signature) says it was made. */
  created?: number;
}

export interface StripeWebhook {
  /** The event's id (evt_…). */
  id: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * A local Stripe for the subset the adapter uses: POST /v1/checkout/sessions (form-encoded as the SDK sends it,
 * Bearer secret key, Idempotency-Key honoured), GET /v1/checkout/sessions?payment_intent=, and events signed with
 * the SDK's generateTestHeaderString. Listens on 127.0.0.1 only.
 */
export interface StripePeer {
  apiUrl: string;
  sessions: Map<string, StripePeerSession>;
  /** Every request the peer received, as "METHOD path status". */
  requests: string[];
  /** The form fields of each session create, flat as sent ("line_items[0][price_data][unit_amount]"). */
  createBodies: Array<Record<string, string>>;
  /** Refunds made through POST /v1/refunds, by id (re_…). */
  refunds: Map<string, StripePeerRefund>;
  sessionFor(orderId: string): StripePeerSession;
  sessionEvent(type: StripeSessionEventType, orderId: string, options?: StripeEventOptions): StripeWebhook;
  /** charge.refunded for the order's payment, fully refunded unless amountRefunded says otherwise. */
  refundEvent(orderId: string, options?: { amountRefunded?: number; forged?: boolean }): StripeWebhook;
  close(): Promise<void>;
}

/** The app settings that turn Stripe on against this peer. */
export function stripePeerPayments(peer: StripePeer, base: AppConfig['payments']): AppConfig['payments'] {
  return { ...base, stripe: { secretKey: STRIPE_TEST_KEY, webhookSecret: STRIPE_TEST_WEBHOOK_SECRET, apiUrl: peer.apiUrl, test: true } };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` }).end(JSON.stringify(body));
}

const stripeError = (message: string, type = 'invalid_request_error') => ({ error: { type, message } });

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** What Stripe would refuse in a payment-mode session with one price_data line. */
function sessionProblem(form: Record<string, string>): string | null {
  if (form.mode !== 'payment') return 'mode must be payment';
  if (!/^[1-9]\d*$/.test(form['line_items[0][price_data][unit_amount]'] ?? '')) return 'line_items[0][price_data][unit_amount] must be a positive integer';
  if (!/^[a-z]{3}$/.test(form['line_items[0][price_data][currency]'] ?? '')) return 'line_items[0][price_data][currency] is required';
  if (!form['line_items[0][price_data][product_data][name]']) return 'line_items[0][price_data][product_data][name] is required';
  if (!/^https?:\/\//.test(form.success_url ?? '') || !/^https?:\/\//.test(form.cancel_url ?? '')) return 'success_url and cancel_url must be absolute URLs';
  return null;
}

export async function startStripePeer(): Promise<StripePeer> {
  const sessions = new Map<string, StripePeerSession>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: string[] = [];
  const createBodies: Array<Record<string, string>> = [];
  const signer = new Stripe(STRIPE_TEST_KEY);
  let apiUrl = '';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const answer = (status: number, body: unknown) => {
      requests.push(`${request.method} ${url.pathname} ${status}`);
      json(response, status, body);
    };
    if (request.headers.authorization === `Bearer ${STRIPE_TEST_KEY}`) {
      const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (sessionPath && request.method === 'GET') {
        const session = sessions.get(decodeURIComponent(sessionPath[1]!));
        return session ? answer(200, session) : answer(404, stripeError(`No such checkout.session: '${sessionPath[1]}'`));
      }
      if (url.pathname === '/v1/refunds' && request.method === 'POST') return refund(await readForm(request), request.headers['idempotency-key'], answer);
    }
    if (url.pathname !== '/v1/checkout/sessions') return answer(404, stripeError(`Unrecognized request URL (${request.method}: ${url.pathname})`));
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`) return answer(401, stripeError('Invalid API Key provided', 'invalid_request_error'));
    if (request.method === 'GET') {
      const paymentIntent = url.searchParams.get('payment_intent');
      const data = [...sessions.values()].filter((s) => paymentIntent === null || s.payment_intent === paymentIntent);
      return answer(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    if (request.method !== 'POST') return answer(405, stripeError('Method not allowed'));
    const form = await readForm(request);
    const key = request.headers['idempotency-key'];
    const replayed = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (replayed) return answer(200, sessions.get(replayed));
    const problem = sessionProblem(form);
    if (problem) return answer(400, stripeError(problem));
    createBodies.push(form);
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => /^metadata\[[^\]]+\]$/.test(name))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    const session: StripePeerSession = {
      id,
      object: 'checkout.session',
      mode: form.mode!,
      url: `${apiUrl}/c/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? '1'),
      currency: form['line_items[0][price_data][currency]']!,
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata,
      payment_intent: null,
      success_url: form.success_url!,
      cancel_url: form.cancel_url!,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    sessions.set(id, session);
    if (typeof key === 'string') byIdempotencyKey.set(key, id);
    answer(200, session);
  };

  const refunds = new Map<string, StripePeerRefund>();
  const refundsByKey = new Map<string, string>();
  /** POST /v1/refunds as Stripe answers it: the payment must exist and be paid, and no more than it is refunded. */
  function refund(form: Record<string, string>, key: string | string[] | undefined, answer: (status: number, body: unknown) => void) {
    const replayed = typeof key === 'string' ? refundsByKey.get(key) : undefined;
    if (replayed) return answer(200, refunds.get(replayed));
    const intent = form.payment_intent ?? '';
    const session = [...sessions.values()].find((s) => s.payment_intent === intent && intent !== '');
    if (!session) return answer(404, stripeError(`No such payment_intent: '${intent}'`));
    if (session.payment_status !== 'paid') return answer(400, stripeError('This PaymentIntent does not have a successful charge to refund.'));
    const already = [...refunds.values()].filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? session.amount_total - already : Number(form.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0 || already + amount > session.amount_total) {
      return answer(400, stripeError(already >= session.amount_total ? `Charge for ${intent} has already been refunded.` : 'Refund amount is greater than the unrefunded amount'));
    }
    const metadata = Object.fromEntries(Object.entries(form).filter(([n]) => /^metadata\[[^\]]+\]$/.test(n)).map(([n, v]) => [n.slice('metadata['.length, -1), v]));
    const made: StripePeerRefund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, currency: session.currency, payment_intent: intent, reason: form.reason ?? null, metadata, status: 'succeeded', created: Math.floor(Date.now() / 1000) };
    refunds.set(made.id, made);
    if (typeof key === 'string') refundsByKey.set(key, made.id);
    answer(200, made);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => json(response, 500, stripeError('peer failure', 'api_error')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sessionFor = (orderId: string) => {
    const session = [...sessions.values()].find((s) => s.metadata.orderId === orderId || s.client_reference_id === orderId);
    if (!session) throw new Error(`the Stripe peer has no session for ${orderId}`);
    return session;
  };

  const signed = (type: string, object: unknown, forged = false, created = Math.floor(Date.now() / 1000)): StripeWebhook => {
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const payload = JSON.stringify({ id, object: 'event', api_version: '2025-01-01', created, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: forged ? 'whsec_forged_0000' : STRIPE_TEST_WEBHOOK_SECRET, timestamp: created });
    return { id, body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
  };

  return {
    apiUrl,
    sessions,
    refunds,
    requests,
    createBodies,
    sessionFor,
    sessionEvent(type, orderId, options = {}) {
      const session = sessionFor(orderId);
      const paid = type === 'checkout.session.async_payment_succeeded' || (type === 'checkout.session.completed' && (options.paymentStatus ?? 'paid') === 'paid');
      session.payment_intent ??= `pi_${randomBytes(10).toString('hex')}`;
      session.payment_status = type === 'checkout.session.completed' ? (options.paymentStatus ?? 'paid') : paid ? 'paid' : session.payment_status;
      session.status = type === 'checkout.session.expired' ? 'expired' : type === 'checkout.session.completed' ? 'complete' : session.status;
      const object = { ...session, amount_total: options.amountTotal ?? session.amount_total };
      return signed(type, object, options.forged, options.created);
    },
    refundEvent(orderId, options = {}) {
      const session = sessionFor(orderId);
      const charge = {
        id: `ch_${randomBytes(10).toString('hex')}`,
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: options.amountRefunded ?? session.amount_total,
        currency: session.currency,
        payment_intent: session.payment_intent,
        refunded: (options.amountRefunded ?? session.amount_total) === session.amount_total,
        // Empty on purpose: the adapter must find the order through the session that made the payment intent.
        metadata: {},
      };
      return signed('charge.refunded', charge, options.forged);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
