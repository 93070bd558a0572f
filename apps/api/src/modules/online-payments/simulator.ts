import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { parseCents } from '@courier/shared/format/money';
import { WIPAY_SANDBOX_ACCOUNT, wipayHash } from './wipay';

/**
 * A local stand-in for WiPay's hosted checkout, speaking the same protocol (see wipay.ts and
 * docs/decisions/010-online-payments.md): POST /plugins/payments/request answers a checkout page,
 * where a test card is approved or declined; the signed result is POSTed to the merchant's
 * notification address (server to server) and the customer is then sent to response_url with the
 * same parameters. In-process (under /api/dev/gateway) it serves only couriers in test mode and
 * only our own notification route (`admit`); it can also run on its own:
 * `npm run gateway-simulator` (src/cli/gateway-simulator.ts: SIMULATOR_PORT, SIMULATOR_ACCOUNTS).
 */
export interface SimulatorOptions {
  /** The merchant's API key for an account number, or null for an unknown account. */
  resolveKey(accountNumber: string): Promise<string | null>;
  /**
   * Absolute address of the simulator as the customer's browser reaches it, given the checkout's
   * response_url; derived from the request when unset.
   */
  publicBase?: (responseUrl: string) => Promise<string>;
  /** The full path it is mounted at (e.g. /api/dev/gateway), for deriving its address. */
  mountPath?: string;
  /**
   * Whether a checkout for this response_url may be opened (and later approved), and where its
   * notification is POSTed. Unset (standalone): any http(s) address, notified at that address.
   */
  admit?(responseUrl: string): Promise<Admission>;
  /** Open checkouts kept at most (the oldest is dropped beyond it), and how long one lives. */
  maxSessions?: number;
  sessionTtlMs?: number;
}

export type Admission = { ok: true; notifyUrl: string } | { ok: false; message: string; status?: 400 | 403 };

/** A checkout lives 30 minutes; at most 1,000 are open; a request is at most 16 KB. */
export const SIMULATOR_LIMITS = { maxSessions: 1_000, sessionTtlMs: 30 * 60_000, bodyBytes: 16 * 1024 } as const;

interface Session {
  accountNumber: string;
  orderId: string;
  total: string;
  currency: string;
  responseUrl: string;
  notifyUrl: string;
  name: string;
  expiresAt: number;
}

const FIELDS_REQUIRED = [
  'account_number',
  'country_code',
  'currency',
  'environment',
  'method',
  'order_id',
  'origin',
  'response_url',
  'total',
];

/** The longest value each field may have; any other field at most 200 characters. */
const FIELD_MAX: Record<string, number> = {
  account_number: 32,
  country_code: 2,
  currency: 3,
  environment: 16,
  method: 32,
  order_id: 64,
  origin: 64,
  response_url: 500,
  total: 16,
  data: 1_000,
  name: 200,
  email: 254,
  phone: 32,
  hash: 64,
  transaction_id: 64,
  reason: 500,
};

/** The posted form's text fields (a JSON body may carry anything else; it is ignored). */
function formOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

/** The first field longer than it may be, in words for the caller; null when all fit. */
function tooLong(form: Record<string, string>): string | null {
  for (const [field, value] of Object.entries(form)) {
    const max = FIELD_MAX[field] ?? 200;
    if (field.length > 64 || value.length > max) return `${field.slice(0, 64)} is too long (at most ${max} characters)`;
  }
  return null;
}

/** Standalone: any http(s) response_url, notified at that address (as WiPay does). */
async function anyAddress(responseUrl: string): Promise<Admission> {
  try {
    const url = new URL(responseUrl);
    if (url.protocol === 'http:' || url.protocol === 'https:') return { ok: true, notifyUrl: url.toString() };
  } catch {
    // refused below
  }
  return { ok: false, message: 'response_url must be an http(s) address' };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#0f172a">
<header><p style="background:#fef3c7;border:1px solid #f59e0b;padding:.5rem;border-radius:.375rem"><strong>TEST</strong> gateway (simulator): no real card is charged.</p></header>
<main>${body}</main></body></html>`;
}

export function gatewaySimulator(options: SimulatorOptions): FastifyPluginAsync<{ prefix?: string }> {
  const sessions = new Map<string, Session>();
  const admit = options.admit ?? anyAddress;
  const maxSessions = options.maxSessions ?? SIMULATOR_LIMITS.maxSessions;
  const ttl = options.sessionTtlMs ?? SIMULATOR_LIMITS.sessionTtlMs;
  /** An open checkout, or undefined once it was decided or expired (an expired one is forgotten). */
  const openSession = (id: string) => {
    const session = sessions.get(id);
    if (!session || session.expiresAt > Date.now()) return session;
    sessions.delete(id);
    return undefined;
  };
  /** Room for one more: expired checkouts go first (oldest first, as the map keeps them), then the oldest. */
  const makeRoom = () => {
    const now = Date.now();
    for (const [id, session] of sessions) {
      if (session.expiresAt > now && sessions.size < maxSessions) break;
      sessions.delete(id);
    }
  };
  /** A refusal: a page for the customer's browser, `{ message }` for any other caller. */
  const refusal = (request: FastifyRequest, reply: FastifyReply, status: number, title: string, message: string) =>
    request.headers.accept?.includes('text/html')
      ? reply
          .status(status)
          .type('text/html; charset=utf-8')
          .send(page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`))
      : reply.status(status).send({ message });
  const ended = (request: FastifyRequest, reply: FastifyReply) =>
    refusal(request, reply, 404, 'Checkout not found', 'This checkout has ended or expired.');
  const routeOptions = { config: { public: true }, bodyLimit: SIMULATOR_LIMITS.bodyBytes };
  return async (app, opts) => {
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }
    const base = async (request: { protocol: string; host: string }, responseUrl: string) =>
      options.publicBase
        ? options.publicBase(responseUrl)
        : `${request.protocol}://${request.host}${options.mountPath ?? opts.prefix ?? ''}`;

    app.post('/plugins/payments/request', routeOptions, async (request, reply) => {
      const form = formOf(request.body);
      const long = tooLong(form);
      if (long) return reply.status(400).send({ message: long });
      const missing = FIELDS_REQUIRED.filter((f) => !form[f]);
      if (missing.length > 0) return reply.status(400).send({ message: `Missing: ${missing.join(', ')}` });
      if (parseCents(form.total ?? '') === null) return reply.status(400).send({ message: 'total must be a decimal amount' });
      if ((await options.resolveKey(form.account_number as string)) === null) {
        return reply.status(401).send({ message: 'Unknown account_number' });
      }
      const admission = await admit(form.response_url as string);
      if (!admission.ok) return reply.status(admission.status ?? 400).send({ message: admission.message });
      makeRoom();
      const id = randomBytes(12).toString('hex');
      sessions.set(id, {
        accountNumber: form.account_number as string,
        orderId: form.order_id as string,
        total: form.total as string,
        currency: form.currency as string,
        responseUrl: form.response_url as string,
        notifyUrl: admission.notifyUrl,
        name: form.name ?? '',
        expiresAt: Date.now() + ttl,
      });
      const url = `${await base(request, form.response_url as string)}/checkout/${id}`;
      return request.headers.accept?.includes('application/json') ? { url, message: 'OK' } : reply.redirect(url, 302);
    });

    app.get<{ Params: { session: string } }>('/checkout/:session', { config: { public: true } }, async (request, reply) => {
      const session = openSession(request.params.session);
      if (!session) return ended(request, reply);
      reply.type('text/html; charset=utf-8');
      return page(
        'Pay by card',
        `<h1 style="font-size:1.25rem">Pay ${escapeHtml(session.currency)} ${escapeHtml(session.total)}</h1>
<p>Order ${escapeHtml(session.orderId)}${session.name ? ` for ${escapeHtml(session.name)}` : ''}</p>
<form method="post" action="${escapeHtml(`${await base(request, session.responseUrl)}/checkout/${request.params.session}`)}" style="display:grid;gap:.75rem">
<label>Card number <input name="card" value="4111 1111 1111 1111" inputmode="numeric" style="display:block;width:100%;box-sizing:border-box;padding:.5rem"></label>
<button name="decision" value="approve" style="padding:.75rem;background:#15803d;color:#fff;border:0;border-radius:.375rem">Approve payment</button>
<button name="decision" value="decline" style="padding:.75rem;background:#fff;border:1px solid #b91c1c;color:#b91c1c;border-radius:.375rem">Decline payment</button>
</form>`,
      );
    });

    app.post<{ Params: { session: string } }>('/checkout/:session', routeOptions, async (request, reply) => {
      const session = openSession(request.params.session);
      if (!session) return ended(request, reply);
      const form = formOf(request.body);
      const approved = form.decision === 'approve';
      sessions.delete(request.params.session);
      // Asked again: the courier may have left test mode since the checkout opened.
      const admission = await admit(session.responseUrl);
      if (!admission.ok) {
        return refusal(request, reply, admission.status ?? 400, 'Payment refused', admission.message);
      }
      const key = (await options.resolveKey(session.accountNumber)) ?? '';
      const transactionId = `SIM-${randomBytes(8).toString('hex').toUpperCase()}`;
      const params = new URLSearchParams({
        status: approved ? 'success' : 'failed',
        transaction_id: transactionId,
        order_id: session.orderId,
        total: session.total,
        currency: session.currency,
        message: approved ? 'Transaction Approved' : 'Transaction Declined',
        date: new Date().toISOString(),
        hash: wipayHash(transactionId, session.total, key),
      });
      // The notification first, server to server, as a gateway would; the browser only follows.
      try {
        await fetch(session.notifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: params.toString(),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'simulator: the notification could not be delivered');
      }
      const target = new URL(session.responseUrl);
      for (const [k, v] of params) target.searchParams.set(k, v);
      return reply.redirect(target.toString(), 303);
    });

    app.post('/plugins/payments/refund', routeOptions, async (request, reply) => {
      const form = formOf(request.body);
      const long = tooLong(form);
      if (long) return reply.status(400).send({ message: long });
      const missing = ['account_number', 'transaction_id', 'total', 'hash'].filter((f) => !form[f]);
      if (missing.length > 0) return reply.status(400).send({ message: `Missing: ${missing.join(', ')}` });
      const key = await options.resolveKey(form.account_number as string);
      if (!key || form.hash !== wipayHash(form.transaction_id as string, form.total as string, key)) {
        return reply.status(401).send({ message: 'Refund request not signed by this merchant' });
      }
      if (parseCents(form.total ?? '') === null) return reply.status(400).send({ message: 'total must be a decimal amount' });
      return { status: 'success', refund_id: `SIMR-${randomBytes(6).toString('hex').toUpperCase()}`, message: 'Refunded' };
    });
  };
}

/** SIMULATOR_ACCOUNTS="account:key,account:key"; WiPay's sandbox account is always known. */
export function accountsFromEnv(text: string | undefined): (account: string) => Promise<string | null> {
  const accounts = new Map<string, string>([[WIPAY_SANDBOX_ACCOUNT.accountNumber, WIPAY_SANDBOX_ACCOUNT.apiKey]]);
  for (const pair of (text ?? '').split(',')) {
    const [account, key] = pair.split(':');
    if (account && key) accounts.set(account.trim(), key.trim());
  }
  return async (account) => accounts.get(account) ?? null;
}

/** Runs the simulator on its own (tests of other systems, or pointing WIPAY_BASE_URL at it). */
export async function startSimulator(
  port: number,
  host = '127.0.0.1',
  accounts = process.env.SIMULATOR_ACCOUNTS,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(gatewaySimulator({ resolveKey: accountsFromEnv(accounts) }));
  await app.listen({ port, host });
  return app;
}
