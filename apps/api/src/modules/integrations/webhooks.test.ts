import { sql } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@courier/shared/schemas/integrations';
import { runWebhookRound } from '../../jobs/webhook-job';
import { SecretBox } from '../../lib/secret-box';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';
import { MAX_ATTEMPTS, checkEndpointUrl, outboundPolicy } from './webhooks.service';

interface Received {
  body: string;
  signature: string;
  verified: boolean;
}

/** A courier's receiver as its developers would write it: verifies the signature, answers as told. */
function startReceiver(secretOf: () => string) {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const signature = String(req.headers['courier-signature'] ?? '');
      const parts = Object.fromEntries(signature.split(',').map((p) => p.split('=') as [string, string]));
      const expected = createHmac('sha256', secretOf()).update(`${parts.t}.${body}`).digest('hex');
      const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
      const verified =
        fresh && !!parts.v1 && parts.v1.length === expected.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
      received.push({ body, signature, verified });
      const status = answers.shift() ?? 200;
      res
        .writeHead(verified ? status : 400, { 'content-type': 'text/plain' })
        .end(status >= 500 ? 'receiver down for maintenance' : 'ok thanks');
    });
  });
  return { server, received, answers };
}

let t: TestApp;
let admin: string;
let otherAdmin: string;
let mailbox: string;
let box: SecretBox;
let secret = '';
const receiver = startReceiver(() => secret);
let url = '';
const tag = letterTag(5);
const policy = { allowPrivate: true };

beforeAll(async () => {
  t = await buildTestApp();
  box = new SecretBox(t.ctx.tokens.secret);
  const courierId = (await makeCourier(t, `W${tag}`)).id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  otherAdmin = (await makeUser(t, (await makeCourier(t, `X${tag}`)).id, 'courier_admin')).token;
  mailbox = (await makeCustomer(t, courierId, { mailboxNumber: `WH${tag}` })).mailboxNumber;
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks/courier`;
});
afterAll(async () => {
  receiver.server.close();
  await t?.close();
});

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('webhooks out', () => {
  let endpointId: number;

  it('registers an endpoint and shows its signing secret once', async () => {
    const res = await t.api('POST', '/settings/webhooks', admin, { url, events: ['package.received', 'package.status_changed'] });
    expect(res.statusCode).toBe(201);
    secret = res.json().secret;
    endpointId = res.json().id;
    expect(secret).toMatch(/^whsec_/);
    const list = await t.api('GET', '/settings/webhooks', admin);
    expect(list.body).not.toContain(secret);
    expect(list.json()[0]).toMatchObject({ id: endpointId, url, events: ['package.received', 'package.status_changed'] });
  });

  it('delivers a received package signed, retries after a 500 with back-off, and records each answer', async () => {
    receiver.answers.push(500);
    const scan = await t.api('POST', '/packages', admin, { trackingNumber: `WHK${tag}0001`, weightLb: 2, mailbox });
    expect(scan.statusCode).toBe(201);
    expect(await runWebhookRound(t.db, box, policy)).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.verified).toBe(true);
    const event = JSON.parse(receiver.received[0]?.body ?? '{}');
    expect(event).toMatchObject({ type: 'package.received', data: { trackingNumber: `WHK${tag}0001`, status: 'received' } });

    let deliveries = (await t.api('GET', `/settings/webhooks/${endpointId}/deliveries`, admin)).json();
    expect(deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      responseExcerpt: 'receiver down for maintenance',
    });
    // Not due again before its back-off.
    expect(await runWebhookRound(t.db, box, policy, later(5))).toBe(0);
    expect(await runWebhookRound(t.db, box, policy, later(31))).toBe(1);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    expect(receiver.received[1]?.verified).toBe(true);
    deliveries = (await t.api('GET', `/settings/webhooks/${endpointId}/deliveries`, admin)).json();
    expect(deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200, responseExcerpt: 'ok thanks' });
  });

  it('re-sends a delivery and sends a test event on request', async () => {
    const [first] = (await t.api('GET', `/settings/webhooks/${endpointId}/deliveries`, admin)).json();
    const resend = await t.api('POST', `/settings/webhooks/${endpointId}/deliveries/${first.id}/resend`, admin);
    expect(resend.statusCode).toBe(201);
    const test = await t.api('POST', `/settings/webhooks/${endpointId}/test`, admin);
    expect(test.statusCode).toBe(201);
    // Due by the server's clock, which a round compares with: no part finer than its milliseconds
    // (the database's own now() was up to a millisecond later, and such a delivery waited a round).
    const finer = (await t.db.execute(
      sql`select count(*)::int as n from webhook_deliveries where id in (${resend.json().id}, ${test.json().id}) and next_attempt_at <> date_trunc('milliseconds', next_attempt_at)`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(finer.rows[0]).toEqual({ n: 0 });
    expect(await runWebhookRound(t.db, box, policy)).toBe(2);
    const bodies = receiver.received.slice(-2).map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type).sort()).toEqual(['package.received', 'test']);
    expect(receiver.received.slice(-2).every((r) => r.verified)).toBe(true);
  });

  it('gives up after the last attempt', async () => {
    for (let i = 0; i < MAX_ATTEMPTS; i++) receiver.answers.push(503);
    await t.api('POST', '/packages', admin, { trackingNumber: `WHK${tag}0002`, weightLb: 1, mailbox });
    for (let i = 0, at = 0; i < MAX_ATTEMPTS; i++, at += 7 * 3600) await runWebhookRound(t.db, box, policy, later(at));
    const [last] = (await t.api('GET', `/settings/webhooks/${endpointId}/deliveries`, admin)).json();
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, responseStatus: 503 });
  });

  it('keeps another courier out of the endpoint and its deliveries', async () => {
    expect((await t.api('GET', `/settings/webhooks/${endpointId}/deliveries`, otherAdmin)).statusCode).toBe(404);
    expect((await t.api('POST', `/settings/webhooks/${endpointId}/test`, otherAdmin)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/settings/webhooks/${endpointId}`, otherAdmin)).statusCode).toBe(404);
  });

  it('refuses private and loopback addresses, and plain http, in production', () => {
    const production = { allowPrivate: false };
    for (const raw of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.4/x',
      'https://localhost/x',
      'https://[::1]/x',
    ]) {
      expect(() => checkEndpointUrl(raw, production), raw).toThrow(
        raw.startsWith('http:') ? WEBHOOK_MESSAGES.urlNotHttps : WEBHOOK_MESSAGES.urlPrivate,
      );
    }
    expect(checkEndpointUrl('https://hooks.example.com/courier', production).hostname).toBe('hooks.example.com');
    expect(checkEndpointUrl(url, policy).port).not.toBe('');
  });

  it('lets a browser journey reach its receiver at 127.0.0.1 in production, and nothing else private', () => {
    const journey = outboundPolicy({ NODE_ENV: 'production', ALLOW_LOOPBACK_ENDPOINTS: true });
    expect(checkEndpointUrl('http://127.0.0.1:4999/hook', journey).port).toBe('4999');
    expect(checkEndpointUrl('http://[::1]:4999/hook', journey).hostname).toBe('[::1]');
    expect(() => checkEndpointUrl('https://10.1.2.3/hook', journey)).toThrow(WEBHOOK_MESSAGES.urlPrivate);
    expect(() => checkEndpointUrl('https://localhost/hook', journey)).toThrow(WEBHOOK_MESSAGES.urlPrivate);
    expect(() => checkEndpointUrl('http://example.com/hook', journey)).toThrow(WEBHOOK_MESSAGES.urlNotHttps);
    // Off unless asked for.
    expect(() => checkEndpointUrl('http://127.0.0.1:4999/hook', outboundPolicy({ NODE_ENV: 'production' }))).toThrow(
      WEBHOOK_MESSAGES.urlNotHttps,
    );
  });
});
