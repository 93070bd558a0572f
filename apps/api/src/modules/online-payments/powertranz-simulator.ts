import { randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import { cardBrandOf, cardDigits, luhnValid } from '@courier/shared/domain/card';
import { formatDecimal, toCents } from '@courier/shared/format/money';
import type { PowerTranzResponse } from './powertranz';

/**
 * A local stand-in for PowerTranz speaking its published protocol (powertranz.ts): SPI auth or
 * sale with 3-D Secure answering SP4 with RedirectData and an SpiToken; the bank's check as pages
 * (a challenge where the published test card asks one, password "3ds2"); the browser's post of
 * `Response` to the merchant's response URL; `/api/spi/payment` completing it with a PanToken;
 * `/api/sale` charging a token. Its test cards follow PowerTranz's published list: challenge cards
 * ask the password, the "Status=N" cards fail the check, and the declining cards verify at zero
 * (so they can be saved) but decline any amount. In-process (under /api/dev/powertranz) it serves
 * only couriers in test mode (`admit`); `startPowerTranzSimulator` runs it on its own port.
 */
export const POWERTRANZ_TEST_CREDENTIALS = { powerTranzId: '88803190', password: 'simulator-test-password' } as const;

const CHALLENGE_CARDS = new Set([
  '4012000000020006',
  '5100270000000031',
  '4012010000020005',
  '341112000000001',
  '341111000000037',
  '4111111111110000',
  '5111111111110000',
  '5100270000000056',
]);
/** The bank's check fails (AuthenticationStatus N): completion is not permitted (response code 12). */
const FAILS_CHECK = new Set(['4012000000020121', '5100270000000098', '5100270000000056', '341111000000029']);
/** Authorisations of an amount decline with these ISO response codes. */
const DECLINES: Record<string, { code: string; message: string }> = {
  '4666666666662222': { code: '05', message: 'Do not honour' },
  '5555666666662222': { code: '05', message: 'Do not honour' },
  '4111111111119999': { code: '98', message: 'Issuer unavailable' },
  '5111111111113333': { code: '05', message: 'Do not honour' },
  '4111111111110000': { code: '91', message: 'Issuer or switch inoperative' },
  '5111111111110000': { code: '91', message: 'Issuer or switch inoperative' },
};

export const POWERTRANZ_SIMULATOR_LIMITS = {
  maxSessions: 1_000,
  sessionTtlMs: 5 * 60_000,
  maxTokens: 10_000,
  bodyBytes: 16 * 1024,
} as const;

export type SpiAdmission = { ok: true } | { ok: false; message: string; status?: 400 | 403 };

export interface PowerTranzSimulatorOptions {
  /** Whether the credentials are a merchant's the simulator knows. */
  knows(powerTranzId: string, password: string): boolean;
  /** Whether a check may send the browser to this response URL (in-process: ours, for a courier in test mode). */
  admit?(merchantResponseUrl: string): Promise<SpiAdmission>;
  /** Absolute address of the simulator as the customer's browser reaches it, from the response URL. */
  publicBase(merchantResponseUrl: string): Promise<string>;
}

interface Session {
  kind: 'auth' | 'sale';
  transactionIdentifier: string;
  orderIdentifier: string;
  amountCents: number;
  currency: string;
  pan: string;
  expiration: string;
  tokenize: boolean;
  responseUrl: string;
  /** The bank's check: not yet, passed (Y) or failed (N). */
  check: 'pending' | 'Y' | 'N';
  expiresAt: number;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#0f172a;background:#fff">
<header><p style="background:#fef3c7;border:1px solid #b45309;padding:.5rem;border-radius:.375rem"><strong>TEST</strong> card processor (PowerTranz simulator): no real card is charged.</p></header>
<main>${body}</main></body></html>`;
}

const button = (label: string, primary = true) =>
  `<button type="submit" style="padding:.75rem 1rem;border-radius:.375rem;${primary ? 'background:#15803d;color:#fff;border:0' : 'background:#fff;color:#b91c1c;border:1px solid #b91c1c'}">${escapeHtml(label)}</button>`;

export function powerTranzSimulator(options: PowerTranzSimulatorOptions): FastifyPluginAsync {
  const sessions = new Map<string, Session>();
  const tokens = new Map<string, { pan: string }>();
  const admit = options.admit ?? (async () => ({ ok: true as const }));
  const open = (spiToken: string) => {
    const s = sessions.get(spiToken);
    if (s && s.expiresAt > Date.now()) return s;
    sessions.delete(spiToken);
    return undefined;
  };
  const room = <T>(map: Map<string, T>, max: number) => {
    for (const key of map.keys()) {
      if (map.size < max) break;
      map.delete(key);
    }
  };
  const routeOptions = { config: { public: true }, bodyLimit: POWERTRANZ_SIMULATOR_LIMITS.bodyBytes };
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.status(status).send({
      Approved: false,
      IsoResponseCode: String(status),
      ResponseMessage: message,
      Errors: [{ Code: String(status), Message: message }],
    });
  const credentialsOk = (headers: Record<string, unknown>) =>
    options.knows(String(headers['powertranz-powertranzid'] ?? ''), String(headers['powertranz-powertranzpassword'] ?? ''));

  /** The form the browser posts to the merchant's response URL: the check's outcome, as PowerTranz sends it. */
  const returnForm = (s: Session, spiToken: string) => {
    const response: PowerTranzResponse = {
      TransactionType: s.kind === 'auth' ? 1 : 2,
      Approved: false,
      TransactionIdentifier: s.transactionIdentifier,
      TotalAmount: Number(formatDecimal(s.amountCents)),
      CurrencyCode: s.currency,
      CardBrand: cardBrandOf(s.pan),
      IsoResponseCode: s.check === 'Y' ? '3D0' : '3D1',
      ResponseMessage: s.check === 'Y' ? '3DS complete' : '3DS authentication failed',
      RiskManagement: {
        ThreeDSecure: {
          AuthenticationStatus: s.check === 'Y' ? 'Y' : 'N',
          Eci: s.check === 'Y' ? '05' : '07',
          ResponseCode: s.check === 'Y' ? '3D0' : '3D1',
        },
      },
      OrderIdentifier: s.orderIdentifier,
      SpiToken: spiToken,
    };
    return `<form method="post" action="${escapeHtml(s.responseUrl)}">
<input type="hidden" name="Response" value="${escapeHtml(JSON.stringify(response))}">
<p>${s.check === 'Y' ? 'Your bank confirmed it is you.' : 'Your bank could not confirm it is you.'}</p>
${button('Return to the merchant')}</form>`;
  };

  return async (app) => {
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }
    app.get('/api/alive', { config: { public: true } }, async () => ({ Name: 'PowerTranz simulator', Version: 'TEST' }));

    for (const kind of ['auth', 'sale'] as const) {
      app.post(`/api/spi/${kind}`, routeOptions, async (request, reply) => {
        if (!credentialsOk(request.headers)) return refuse(reply, 401, 'Unknown PowerTranzId or password');
        const body = (request.body ?? {}) as Record<string, unknown>;
        const source = (body.Source ?? {}) as Record<string, unknown>;
        const extended = (body.ExtendedData ?? {}) as Record<string, unknown>;
        const pan = cardDigits(String(source.CardPan ?? ''));
        const amount = body.TotalAmount;
        const responseUrl = String(extended.MerchantResponseUrl ?? '');
        if (typeof body.TransactionIdentifier !== 'string' || !/^[0-9a-f-]{36}$/i.test(body.TransactionIdentifier)) {
          return refuse(reply, 400, 'TransactionIdentifier must be a GUID');
        }
        if (typeof amount !== 'number' || amount < 0 || amount > 10_000_000) return refuse(reply, 400, 'TotalAmount is not valid');
        if (!/^\d{3}$/.test(String(body.CurrencyCode ?? ''))) return refuse(reply, 400, 'CurrencyCode must be ISO 4217 numeric');
        if (body.ThreeDSecure !== true) return refuse(reply, 400, 'SPI requests need ThreeDSecure');
        if (!pan || !luhnValid(pan)) return refuse(reply, 400, 'CardPan is not valid');
        if (!/^\d{4}$/.test(String(source.CardExpiration ?? ''))) return refuse(reply, 400, 'CardExpiration must be YYMM');
        if (!/^\d{3,4}$/.test(String(source.CardCvv ?? ''))) return refuse(reply, 400, 'CardCvv is not valid');
        if (!/^https?:\/\//.test(responseUrl)) return refuse(reply, 400, 'ExtendedData.MerchantResponseUrl is required');
        const admission = await admit(responseUrl);
        if (!admission.ok) return refuse(reply, admission.status ?? 400, admission.message);
        room(sessions, POWERTRANZ_SIMULATOR_LIMITS.maxSessions);
        const spiToken = `${randomBytes(24).toString('base64url')}-sim`;
        const session: Session = {
          kind,
          transactionIdentifier: body.TransactionIdentifier,
          orderIdentifier: String(body.OrderIdentifier ?? '').slice(0, 100),
          amountCents: toCents(amount),
          currency: String(body.CurrencyCode),
          pan,
          expiration: String(source.CardExpiration),
          tokenize: body.Tokenize === true,
          responseUrl,
          check: 'pending',
          expiresAt: Date.now() + POWERTRANZ_SIMULATOR_LIMITS.sessionTtlMs,
        };
        sessions.set(spiToken, session);
        const base = await options.publicBase(responseUrl);
        // Frictionless cards skip the challenge: their outcome goes straight back to the merchant.
        if (!CHALLENGE_CARDS.has(pan)) session.check = FAILS_CHECK.has(pan) ? 'N' : 'Y';
        const redirectData = CHALLENGE_CARDS.has(pan)
          ? page(
              'Card check',
              `<form method="post" action="${escapeHtml(`${base}/acs/${spiToken}`)}"><h1 style="font-size:1.25rem">Your bank checks it is you</h1>${button('Continue to your bank')}</form>`,
            )
          : page('Card check', returnForm(session, spiToken));
        const answer: PowerTranzResponse = {
          TransactionType: kind === 'auth' ? 1 : 2,
          Approved: false,
          TransactionIdentifier: session.transactionIdentifier,
          TotalAmount: amount,
          CurrencyCode: session.currency,
          IsoResponseCode: 'SP4',
          ResponseMessage: 'SPI Preprocessing complete',
          OrderIdentifier: session.orderIdentifier,
          RedirectData: redirectData,
          SpiToken: spiToken,
        };
        return answer;
      });
    }

    // The issuer's challenge (ACS): the published test password is "3ds2".
    app.post<{ Params: { spiToken: string } }>('/acs/:spiToken', routeOptions, async (request, reply) => {
      const s = open(request.params.spiToken);
      reply.type('text/html; charset=utf-8');
      if (!s) return reply.status(404).send(page('Card check ended', '<h1>This card check has ended or expired.</h1>'));
      const action = `${await options.publicBase(s.responseUrl)}/acs/${request.params.spiToken}/verify`;
      return page(
        'Verify it is you',
        `<h1 style="font-size:1.25rem">Verify it is you</h1>
<p>${escapeHtml(cardBrandOf(s.pan))} ending ${escapeHtml(s.pan.slice(-4))}: JMD ${escapeHtml(formatDecimal(s.amountCents))}</p>
<form method="post" action="${escapeHtml(action)}" style="display:grid;gap:.75rem">
<label>Password (the test password is 3ds2) <input name="password" type="password" autocomplete="off" style="display:block;width:100%;box-sizing:border-box;padding:.5rem"></label>
${button('Submit')}</form>`,
      );
    });
    app.post<{ Params: { spiToken: string } }>('/acs/:spiToken/verify', routeOptions, async (request, reply) => {
      const s = open(request.params.spiToken);
      reply.type('text/html; charset=utf-8');
      if (s?.check !== 'pending') return reply.status(404).send(page('Card check ended', '<h1>This card check has ended or expired.</h1>'));
      const form = (request.body ?? {}) as Record<string, unknown>;
      s.check = form.password === '3ds2' && !FAILS_CHECK.has(s.pan) ? 'Y' : 'N';
      return page('Card check', returnForm(s, request.params.spiToken));
    });

    // Payment completion: the SpiToken alone (a JSON string), no credentials; it is used once.
    app.post('/api/spi/payment', routeOptions, async (request, reply) => {
      const spiToken = typeof request.body === 'string' ? request.body : '';
      const s = open(spiToken);
      if (!s) return refuse(reply, 404, 'SpiToken not found or expired');
      if (s.check === 'pending') return { Approved: false, IsoResponseCode: 'SP5', ResponseMessage: '3DS not complete' };
      sessions.delete(spiToken);
      const base = {
        TransactionType: s.kind === 'auth' ? 1 : 2,
        TransactionIdentifier: s.transactionIdentifier,
        TotalAmount: Number(formatDecimal(s.amountCents)),
        CurrencyCode: s.currency,
        CardBrand: cardBrandOf(s.pan),
        OrderIdentifier: s.orderIdentifier,
      };
      if (s.check === 'N')
        return { ...base, Approved: false, IsoResponseCode: '12', ResponseMessage: 'Payment completion not permitted: 3DS failed' };
      const decline = DECLINES[s.pan];
      if (decline && s.amountCents > 0)
        return { ...base, Approved: false, IsoResponseCode: decline.code, ResponseMessage: decline.message };
      let panToken: string | undefined;
      if (s.tokenize) {
        room(tokens, POWERTRANZ_SIMULATOR_LIMITS.maxTokens);
        panToken = `sim${randomBytes(24).toString('base64url')}`;
        tokens.set(panToken, { pan: s.pan });
      }
      return {
        ...base,
        Approved: true,
        AuthorizationCode: String(randomInt(100_000, 999_999)),
        RRN: String(randomInt(100_000_000, 999_999_999)),
        IsoResponseCode: '00',
        ResponseMessage: 'Transaction is approved',
        ...(panToken ? { PanToken: panToken } : {}),
      };
    });

    // A charge of a saved card, merchant-initiated: no 3-D Secure.
    app.post('/api/sale', routeOptions, async (request, reply) => {
      if (!credentialsOk(request.headers)) return refuse(reply, 401, 'Unknown PowerTranzId or password');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const source = (body.Source ?? {}) as Record<string, unknown>;
      const amount = body.TotalAmount;
      if (typeof body.TransactionIdentifier !== 'string') return refuse(reply, 400, 'TransactionIdentifier must be a GUID');
      if (typeof amount !== 'number' || amount <= 0 || amount > 10_000_000) return refuse(reply, 400, 'TotalAmount is not valid');
      const base = {
        TransactionType: 2,
        TransactionIdentifier: body.TransactionIdentifier,
        TotalAmount: amount,
        CurrencyCode: String(body.CurrencyCode ?? ''),
        OrderIdentifier: String(body.OrderIdentifier ?? '').slice(0, 100),
      };
      const card = tokens.get(String(source.Token ?? ''));
      if (!card) return { ...base, Approved: false, IsoResponseCode: '14', ResponseMessage: 'Invalid card number (token not found)' };
      const decline = DECLINES[card.pan];
      if (decline)
        return {
          ...base,
          CardBrand: cardBrandOf(card.pan),
          Approved: false,
          IsoResponseCode: decline.code,
          ResponseMessage: decline.message,
        };
      return {
        ...base,
        CardBrand: cardBrandOf(card.pan),
        Approved: true,
        AuthorizationCode: String(randomInt(100_000, 999_999)),
        RRN: String(randomInt(100_000_000, 999_999_999)),
        IsoResponseCode: '00',
        ResponseMessage: 'Transaction is approved',
      };
    });
  };
}

/** The simulator on its own port (tests, or a courier's own PowerTranz account pointed at it). */
export async function startPowerTranzSimulator(port: number, host = '127.0.0.1'): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  let origin = '';
  await app.register(
    powerTranzSimulator({
      knows: (id, password) => id === POWERTRANZ_TEST_CREDENTIALS.powerTranzId && password === POWERTRANZ_TEST_CREDENTIALS.password,
      publicBase: async () => origin,
    }),
  );
  await app.listen({ port, host });
  origin = app.listeningOrigin;
  return app;
}
