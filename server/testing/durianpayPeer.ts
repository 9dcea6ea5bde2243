import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../config.ts';
import { durianpaySignature } from '../infra/payments/durianpayProvider.ts';

export const DURIANPAY_TEST_SECRET = 'dp_test_peer_secret_0123456789';

/** An order the peer created, as DurianPay keeps it. */
export interface DurianpayPeerOrder {
  id: string;
  accessToken: string;
  orderRefId: string;
  /** Whole rupiah as sent ("49000"). */
  amount: string;
  currency: string;
  customer: { email: string; given_name?: string };
  body: Record<string, unknown>;
}

export interface DurianpayWebhookOptions {
  /** DurianPay's status of the payment: completed, failed, pending, processing, expired, cancelled… */
  status: string;
  /** Defaults to the order's amount with two decimals, as DurianPay writes amount_str ("49000.00"). */
  amountStr?: string;
  /** The same payment id gives the same event id per status; defaults to one payment per order. */
  paymentId?: string;
  /** Sign with another key: a forged webhook. */
  forged?: boolean;
  /** Leave the signature out. */
  unsigned?: boolean;
}

export interface DurianpayWebhook {
  body: string;
  headers: Record<string, string>;
}

/**
 * A local DurianPay: POST /v1/orders as the Orders API answers it (Basic auth with the secret key, 401 on a
 * wrong one; 400 on a body DurianPay would refuse), and payment webhooks signed the way the adapter checks them.
 * Listens on 127.0.0.1 only.
 */
export interface DurianpayPeer {
  apiUrl: string;
  secretKey: string;
  orders: Map<string, DurianpayPeerOrder>;
  /** Refunds made through POST /v1/refunds, by refund id (rfn_…), with the body as sent. */
  refunds: Map<string, { id: string; body: Record<string, unknown> }>;
  /** Every request the peer received, as "METHOD path status". */
  requests: string[];
  /** The order created for our order id (order_ref_id). */
  orderFor(orderRefId: string): DurianpayPeerOrder;
  webhook(orderRefId: string, options: DurianpayWebhookOptions): DurianpayWebhook;
  /** POSTs a webhook to a URL, as DurianPay does. */
  sendWebhook(url: string, orderRefId: string, options: DurianpayWebhookOptions): Promise<Response>;
  close(): Promise<void>;
}

/** The app settings that turn DurianPay on against this peer. */
export function durianpayPeerPayments(peer: DurianpayPeer, base: AppConfig['payments']): AppConfig['payments'] {
  return { ...base, durianpay: { secretKey: peer.secretKey, apiUrl: peer.apiUrl, sandbox: true } };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** What DurianPay checks of a create-order body, as far as the adapter uses it. */
function orderProblem(body: Record<string, unknown>): string | null {
  if (typeof body.amount !== 'string' || !/^[1-9]\d*$/.test(body.amount)) return 'amount must be whole rupiah as a string';
  if (body.currency !== 'IDR') return 'currency must be IDR';
  if (typeof body.order_ref_id !== 'string' || body.order_ref_id === '') return 'order_ref_id is required';
  const customer = body.customer as Record<string, unknown> | undefined;
  if (!customer || typeof customer.email !== 'string' || !customer.email.includes('@')) return 'customer.email is required';
  return null;
}

export async function startDurianpayPeer(secretKey = DURIANPAY_TEST_SECRET): Promise<DurianpayPeer> {
  const orders = new Map<string, DurianpayPeerOrder>();
  const requests: string[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const answer = (status: number, body: unknown) => {
      requests.push(`${request.method} ${url.pathname} ${status}`);
      json(response, status, body);
    };
    if (request.method === 'POST' && url.pathname === '/v1/refunds') return refund(request, answer);
    if (request.method !== 'POST' || url.pathname !== '/v1/orders') return answer(404, { error: 'not found', error_code: 'NOT_FOUND' });
    if (request.headers.authorization !== expectedAuth) return answer(401, { error: 'invalid access key', error_code: 'UNAUTHORIZED' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    } catch {
      return answer(400, { error: 'invalid json', error_code: 'BAD_REQUEST' });
    }
    const problem = orderProblem(body);
    if (problem) return answer(400, { error: problem, error_code: 'BAD_REQUEST' });
    const order: DurianpayPeerOrder = {
      id: `ord_${randomBytes(6).toString('hex')}`,
      accessToken: randomBytes(16).toString('base64url'),
      orderRefId: body.order_ref_id as string,
      amount: body.amount as string,
      currency: 'IDR',
      customer: body.customer as DurianpayPeerOrder['customer'],
      body,
    };
    orders.set(order.id, order);
    answer(201, {
      data: {
        id: order.id,
        customer_id: `cus_${randomBytes(5).toString('hex')}`,
        order_ref_id: order.orderRefId,
        amount: `${order.amount}.00`,
        currency: 'IDR',
        payment_option: 'full_payment',
        status: 'started',
        created_at: new Date().toISOString(),
        metadata: body.metadata ?? {},
        access_token: order.accessToken,
      },
    });
  };

  const refunds = new Map<string, { id: string; body: Record<string, unknown> }>();
  /** Payments the peer reported completed (payment id → its order): only those can be refunded. */
  const completed = new Map<string, DurianpayPeerOrder>();
  /**
   * POST /v1/refunds as DurianPay's Create Refund API documents it (ref_id, payment_id, amount as a decimal string,
   * optional notes; answered synchronously with the refund and its status). A payment is refunded at most in full.
   */
  async function refund(request: IncomingMessage, answer: (status: number, body: unknown) => void) {
    if (request.headers.authorization !== expectedAuth) return answer(401, { error: 'invalid access key', error_code: 'UNAUTHORIZED' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    } catch {
      return answer(400, { error: 'invalid json', error_code: 'BAD_REQUEST' });
    }
    if (typeof body.ref_id !== 'string' || body.ref_id === '') return answer(400, { error: 'ref_id is required', error_code: 'BAD_REQUEST' });
    if (typeof body.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(body.amount)) return answer(400, { error: 'amount must be a decimal string', error_code: 'BAD_REQUEST' });
    const order = typeof body.payment_id === 'string' ? completed.get(body.payment_id) : undefined;
    if (!order) return answer(400, { error: 'payment not found or not completed', error_code: 'INVALID_PAYMENT' });
    const refunded = [...refunds.values()].filter((r) => r.body.payment_id === body.payment_id).reduce((sum, r) => sum + Number(r.body.amount), 0);
    if (refunded + Number(body.amount) > Number(order.amount)) return answer(400, { error: 'refund amount exceeds the payment', error_code: 'INVALID_AMOUNT' });
    const id = `rfn_${randomBytes(6).toString('hex')}`;
    refunds.set(id, { id, body });
    const now = new Date().toISOString();
    answer(200, {
      data: {
        id,
        ref_id: body.ref_id,
        amount: `${Number(body.amount).toFixed(2)}`,
        refund_type: Number(body.amount) === Number(order.amount) ? 'full' : 'partial',
        status: 'approved',
        created_at: now,
        updated_at: now,
        approved_at: now,
        source: 'api',
        customer_name: order.customer.given_name ?? '',
        customer_email: order.customer.email,
        customer_phone: '',
      },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => json(response, 500, { error: 'peer failure' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const orderFor = (orderRefId: string) => {
    const order = [...orders.values()].find((o) => o.orderRefId === orderRefId);
    if (!order) throw new Error(`the DurianPay peer has no order for ${orderRefId}`);
    return order;
  };

  const webhook = (orderRefId: string, options: DurianpayWebhookOptions): DurianpayWebhook => {
    const order = orderFor(orderRefId);
    const paymentId = options.paymentId ?? `pay_${order.id.slice(4)}`;
    if (options.status === 'completed' && !options.forged) completed.set(paymentId, order);
    const amountStr = options.amountStr ?? `${order.amount}.00`;
    const key = options.forged ? `${secretKey}-forged` : secretKey;
    const event = `payment.${options.status}`;
    const data = {
      id: paymentId,
      order_id: order.id,
      order_ref_id: order.orderRefId,
      status: options.status,
      amount_str: amountStr,
      currency: order.currency,
      updated_at: new Date().toISOString(),
      ...(options.unsigned ? {} : { signature: durianpaySignature(key, paymentId, amountStr) }),
    };
    return { body: JSON.stringify({ event, data }), headers: { 'content-type': 'application/json' } };
  };

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    secretKey,
    orders,
    refunds,
    requests,
    orderFor,
    webhook,
    async sendWebhook(url, orderRefId, options) {
      const { body, headers } = webhook(orderRefId, options);
      return fetch(url, { method: 'POST', headers, body });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
