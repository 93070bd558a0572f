import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, receiveFor } from '../../../test/helper';
import { pdfText } from '../../../test/pdf-text';

/** A held parcel's label says HOLD, big, on the PDF and on the thermal (ZPL) label; a good one does not. */

let t: TestApp;
let staff: string;
let mailbox: string;

beforeAll(async () => {
  t = await buildTestApp();
  const courier = await makeCourier(t, `HL${Date.now().toString().slice(-5)}`);
  staff = (await makeUser(t, courier.id, 'courier_admin')).token;
  mailbox = (await makeCustomer(t, courier.id)).mailboxNumber;
});
afterAll(async () => t?.close());

const scanned = { weightLb: 1.5, merchant: 'Amazon', declaredValueUsdCents: 4599 };

describe('the label of a held parcel', () => {
  it('prints HOLD on the PDF and the ZPL label of a parcel held for its invoice, and not on a good one', async () => {
    const good = await receiveFor(t, staff, mailbox, { ...scanned, trackingNumber: `1ZHLDLBL${Date.now()}1` });
    expect(good.status).toBe('received');
    // The value and merchant typed at check-in are kept for customs.
    expect(good).toMatchObject({ merchant: 'Amazon', declaredValueUsdCents: 4599 });
    const saved = await t.api('PUT', '/settings/warehouse', staff, { heavyWeightLb: 150, requireInvoice: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const held = await receiveFor(t, staff, mailbox, { ...scanned, trackingNumber: `1ZHLDLBL${Date.now()}2` });
    expect(held).toMatchObject({ status: 'on_hold', holdReason: PACKAGE_MESSAGES.heldForInvoiceNoPreAlert });

    const heldPdf = await t.api('GET', `/packages/${held.id}/label`, staff);
    expect(heldPdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(heldPdf.rawPayload)).toContain('HOLD');
    expect(await pdfText((await t.api('GET', `/packages/${good.id}/label`, staff)).rawPayload)).not.toContain('HOLD');

    const heldZpl = (await t.api('GET', `/packages/${held.id}/label.zpl`, staff)).body;
    expect(heldZpl).toContain('^FR^FDHOLD^FS');
    expect(heldZpl.trim().endsWith('^XZ')).toBe(true);
    expect((await t.api('GET', `/packages/${good.id}/label.zpl`, staff)).body).not.toContain('HOLD');
  });
});
