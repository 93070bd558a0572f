import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, bearer, buildTestApp } from '../../../test/helper';
import { pdfText } from '../../../test/pdf-text';

/** A held parcel's label says HOLD, big, on the PDF and on the thermal (ZPL) label; a good one does not. */

let t: TestApp;
let staff: string;
let mailbox: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(staff), payload: payload as never });

beforeAll(async () => {
  t = await buildTestApp();
  const courier = await makeCourier(t, `HL${Date.now().toString().slice(-5)}`);
  staff = (await makeUser(t, courier.id, 'courier_admin')).token;
  mailbox = (await makeCustomer(t, courier.id)).mailboxNumber;
});
afterAll(async () => t?.close());

async function receive(tracking: string) {
  const res = await call('POST', '/packages', {
    trackingNumber: tracking,
    weightLb: 1.5,
    mailbox,
    merchant: 'Amazon',
    declaredValueUsdCents: 4599,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the label of a held parcel', () => {
  it('prints HOLD on the PDF and the ZPL label of a parcel held for its invoice, and not on a good one', async () => {
    const good = await receive(`1ZHLDLBL${Date.now()}1`);
    expect(good.status).toBe('received');
    // The value and merchant typed at check-in are kept for customs.
    expect(good).toMatchObject({ merchant: 'Amazon', declaredValueUsdCents: 4599 });
    const saved = await call('PUT', '/settings/warehouse', { heavyWeightLb: 150, requireInvoice: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const held = await receive(`1ZHLDLBL${Date.now()}2`);
    expect(held).toMatchObject({ status: 'on_hold', holdReason: PACKAGE_MESSAGES.heldForInvoiceNoPreAlert });

    const heldPdf = await call('GET', `/packages/${held.id}/label`);
    expect(heldPdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(heldPdf.rawPayload)).toContain('HOLD');
    expect(await pdfText((await call('GET', `/packages/${good.id}/label`)).rawPayload)).not.toContain('HOLD');

    const heldZpl = (await call('GET', `/packages/${held.id}/label.zpl`)).body;
    expect(heldZpl).toContain('^FR^FDHOLD^FS');
    expect(heldZpl.trim().endsWith('^XZ')).toBe(true);
    expect((await call('GET', `/packages/${good.id}/label.zpl`)).body).not.toContain('HOLD');
  });
});
