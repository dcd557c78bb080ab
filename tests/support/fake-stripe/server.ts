import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutSession } from './checkout-session';
import { completedEvent, signatureHeader, stripeId, type FakeSession, type Signing } from './events';
import { parseStripeForm } from './form';
import { hostedPage } from './hosted-page';

/**
 * A local stand-in for Stripe's HTTP API, enough for Checkout Sessions: the official `stripe` package
 * talks to it (host/port/protocol from STRIPE_API_BASE), its hosted page has a 'Pay' button, and it
 * posts `checkout.session.completed` to the webhook URL signed the way Stripe signs (the package's
 * generateTestHeaderString). Tests steer the next payment with `setNext` (or POST /__control/next).
 */
export type DeliveryMode = 'once' | 'twice' | 'forged' | 'stale' | 'hold';

export interface NextPayment {
  /** once (default); twice: the same event delivered again; forged/stale: a bad signature only; hold: kept until release(). */
  mode?: DeliveryMode;
  /** The amount the event reports, in cents (e.g. more than the invoice's balance). */
  amountTotal?: number;
}

export interface Delivery {
  eventId: string;
  sessionId: string;
  signing: Signing;
  /** The webhook's HTTP status, or 0 when the connection failed. */
  status: number;
  body: string;
}

export interface FakeStripe {
  /** STRIPE_API_BASE for the portal, e.g. http://127.0.0.1:41234 */
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** How many POST /v1/checkout/sessions created a session (an idempotent replay creates none). */
  created(): number;
  deliveries: Delivery[];
  setNext(next: NextPayment): void;
  setWebhookUrl(url: string): void;
  /** What the hosted page's 'Pay' does, without the browser: completes and delivers per setNext. */
  pay(sessionId: string): Promise<Delivery[]>;
  /** Delivers the held events (mode 'hold'). */
  release(): Promise<Delivery[]>;
  /** Stripe's retry: the same event (same id), signed anew. */
  redeliver(eventId: string): Promise<Delivery>;
  close(): Promise<void>;
}

export interface FakeStripeOptions {
  port?: number;
  webhookUrl?: string;
  secretKey?: string;
  webhookSecret?: string;
  /** How a webhook is posted (default: fetch); API tests hand the in-process app's request here. */
  post?: (url: string, init: RequestInit) => Promise<Response>;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_stripe_key';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_stripe_secret';
  let webhookUrl = options.webhookUrl ?? '';
  let next: NextPayment = {};
  let createdCount = 0;
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const events = new Map<string, { sessionId: string; payload: string }>();
  const held: string[] = [];
  const deliveries: Delivery[] = [];
  let base = '';

  async function deliver(eventId: string, signing: Signing): Promise<Delivery> {
    const event = events.get(eventId);
    if (!event) throw new Error(`fake stripe: no event ${eventId}`);
    let status = 0;
    let body = '';
    try {
      const res = await (options.post ?? fetch)(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(event.payload, webhookSecret, signing),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: event.payload,
      });
      status = res.status;
      body = await res.text();
    } catch (error) {
      body = String(error);
    }
    const delivery = { eventId, sessionId: event.sessionId, signing, status, body };
    deliveries.push(delivery);
    return delivery;
  }

  async function pay(sessionId: string): Promise<Delivery[]> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
    const { mode = 'once', amountTotal } = next;
    next = {};
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: session.payment_intent ?? stripeId('pi') });
    const reported = amountTotal === undefined ? session : { ...session, amount_total: amountTotal, amount_subtotal: amountTotal };
    const event = completedEvent(reported);
    events.set(event.id, { sessionId, payload: JSON.stringify(event, null, 2) });
    if (mode === 'hold') {
      held.push(event.id);
      return [];
    }
    if (mode === 'forged' || mode === 'stale') return [await deliver(event.id, mode)];
    const first = await deliver(event.id, 'valid');
    return mode === 'twice' ? [first, await deliver(event.id, 'valid')] : [first];
  }

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req'), ...headers });
    res.end(JSON.stringify(body));
  };
  const invalid = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
    send(res, status, { error: { type, message } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const body = await readBody(req);
    const path = url.pathname;

    if (path.startsWith('/v1/')) {
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return invalid(res, 401, 'Invalid API Key provided.', 'authentication_error');
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const key = req.headers['idempotency-key'];
        const replayed = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (replayed) return send(res, 200, sessions.get(replayed), { 'idempotent-replayed': 'true' });
        const session = checkoutSession(parseStripeForm(body), base);
        if (typeof session === 'string') return invalid(res, 400, session);
        sessions.set(session.id, session);
        createdCount += 1;
        if (typeof key === 'string') byIdempotencyKey.set(key, session.id);
        return send(res, 200, session);
      }
      const found = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && found) {
        const session = sessions.get(decodeURIComponent(found[1]!));
        return session ? send(res, 200, session) : invalid(res, 404, `No such checkout.session: '${found[1]}'`);
      }
      return invalid(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
    }

    const page = /^\/pay\/([^/]+)$/.exec(path);
    if (page) {
      const session = sessions.get(decodeURIComponent(page[1]!));
      if (!session) return send(res, 404, { error: 'no such session' });
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(hostedPage(session));
      }
      if (session.status === 'open') await pay(session.id);
      res.writeHead(303, { location: session.success_url });
      return res.end();
    }

    if (req.method === 'POST' && path === '/__control/next') {
      next = JSON.parse(body || '{}') as NextPayment;
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && path === '/__control/release') return send(res, 200, await release());
    if (req.method === 'GET' && path === '/__control/state') {
      return send(res, 200, { created: createdCount, held: held.length, deliveries, sessions: [...sessions.values()] });
    }
    return send(res, 404, { error: 'not found' });
  }

  async function release(): Promise<Delivery[]> {
    const out: Delivery[] = [];
    for (const id of held.splice(0)) out.push(await deliver(id, 'valid'));
    return out;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('fake stripe: request failed', req.method, req.url, error);
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    created: () => createdCount,
    deliveries,
    setNext: (value) => (next = value),
    setWebhookUrl: (value) => (webhookUrl = value),
    pay,
    release,
    redeliver: (eventId) => deliver(eventId, 'valid'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
