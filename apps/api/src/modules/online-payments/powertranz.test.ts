import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PowerTranzClient } from './powertranz';
import { POWERTRANZ_TEST_CREDENTIALS, startPowerTranzSimulator } from './powertranz-simulator';

// The client against the simulator on a port of its own (a free one: a fixed port can be taken by
// any connection's local end), as against PowerTranz's host.
let sim: FastifyInstance;
let client: PowerTranzClient;
const card = (number: string) => ({ number, cvv: '123', expiryMonth: 12, expiryYear: 2030, holder: 'Kim Test' });
const responseUrl = 'https://shop.example.test/api/online-payments/powertranz/1/response';

/** The outcome the browser would carry back from the frictionless page. */
function spiTokenOf(redirectData: string): string {
  const value = /name="Response" value="([^"]+)"/.exec(redirectData)?.[1] ?? '';
  return JSON.parse(value.replace(/&quot;/g, '"')).SpiToken;
}

beforeAll(async () => {
  sim = await startPowerTranzSimulator(0);
  client = new PowerTranzClient({ baseUrl: sim.listeningOrigin, credentials: POWERTRANZ_TEST_CREDENTIALS, test: true });
});
afterAll(async () => sim?.close());

describe('PowerTranz client and simulator', () => {
  it('checks a card with 3-D Secure (SP4, RedirectData), completes it by Payment with a PanToken, then charges the token', async () => {
    const check = await client.startCardCheck({
      orderIdentifier: 'CARD-1',
      card: card('4012000000020071'),
      merchantResponseUrl: responseUrl,
    });
    if ('refused' in check) throw new Error(check.refused);
    expect(check.redirectData).toContain(responseUrl);
    expect(spiTokenOf(check.redirectData)).toBe(check.spiToken);
    const done = await client.complete(check.spiToken);
    expect(done).toMatchObject({ approved: true, cardBrand: 'Visa', amountCents: 0 });
    if (!done.approved) throw new Error('not approved');
    // The SPI token is used once.
    expect(await client.complete(check.spiToken)).toMatchObject({ approved: false });
    const sale = await client.chargeToken({ panToken: done.panToken, amountCents: 1_234_56, orderIdentifier: 'INV-1' });
    expect(sale).toMatchObject({ approved: true, amountCents: 1_234_56 });
  });

  it('does not complete before the bank check, nor after a failed one', async () => {
    const pending = await client.startCardCheck({
      orderIdentifier: 'CARD-2',
      card: card('4012000000020006'),
      merchantResponseUrl: responseUrl,
    });
    if ('refused' in pending) throw new Error(pending.refused);
    expect(pending.redirectData).toContain('/acs/');
    expect(await client.complete(pending.spiToken)).toMatchObject({ approved: false, isoResponseCode: 'SP5' });
    const failing = await client.startCardCheck({
      orderIdentifier: 'CARD-3',
      card: card('4012000000020121'),
      merchantResponseUrl: responseUrl,
    });
    if ('refused' in failing) throw new Error(failing.refused);
    expect(await client.complete(failing.spiToken)).toMatchObject({ approved: false, isoResponseCode: '12' });
  });

  it('declines charges of a declining test card and of an unknown token', async () => {
    const check = await client.startCardCheck({
      orderIdentifier: 'CARD-4',
      card: card('5555666666662222'),
      merchantResponseUrl: responseUrl,
    });
    if ('refused' in check) throw new Error(check.refused);
    const done = await client.complete(check.spiToken);
    if (!done.approved) throw new Error('a declining card still verifies at zero');
    expect(await client.chargeToken({ panToken: done.panToken, amountCents: 500_00, orderIdentifier: 'INV-2' })).toMatchObject({
      approved: false,
      isoResponseCode: '05',
    });
    expect(await client.chargeToken({ panToken: 'made-up', amountCents: 500_00, orderIdentifier: 'INV-3' })).toMatchObject({
      approved: false,
      isoResponseCode: '14',
    });
  });

  it('refuses a merchant it does not know', async () => {
    const stranger = new PowerTranzClient({
      baseUrl: sim.listeningOrigin,
      credentials: { powerTranzId: '1', password: 'x' },
      test: true,
    });
    const check = await stranger.startCardCheck({
      orderIdentifier: 'CARD-5',
      card: card('4012000000020071'),
      merchantResponseUrl: responseUrl,
    });
    expect(check).toMatchObject({ refused: 'Unknown PowerTranzId or password' });
  });
});
