import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_MESSAGES } from '@courier/shared/schemas/manifests';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs, receiveFor } from '../../../test/helper';
import { SAMPLE_PDF, multipart } from '../../../test/multipart';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';

/** A package whose merchant invoice is missing is held until it comes. */

let t: TestApp;
let courierId: number;
let admin: string;
let staff: string;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let seq = 0;

async function preAlert(tracking: string) {
  const res = await t.api('POST', '/customer/pre-alerts', customer.token, {
    trackingNumber: tracking,
    merchant: 'Amazon',
    description: 'Blender',
    declaredValueUsdCents: 8999,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const pdf = () => multipart({}, { field: 'invoice', name: 'invoice.pdf', type: 'application/pdf', data: SAMPLE_PDF });

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  admin = await loginAs(t, 'courier_admin');
  staff = await loginAs(t, 'staff');
  customer = await makeCustomer(t, courierId);
});
afterAll(async () => t?.close());

describe('holding a package for its merchant invoice', () => {
  it('a pre-alert without an invoice puts the received package on hold, which cannot ship or be made ready', async () => {
    seq += 1;
    await preAlert(`TBAHOLD${seq}`);
    const pkg = await receiveFor(t, staff, null, { trackingNumber: `TBAHOLD${seq}` });
    expect(pkg).toMatchObject({ status: 'on_hold', heldFrom: 'received', holdReason: PACKAGE_MESSAGES.heldForInvoice, hasInvoice: false });
    expect(pkg.events.map((e: { status: string }) => e.status)).toEqual(['received', 'on_hold']);
    expect(pkg.nextStatuses).toEqual(['received', 'abandoned']);
    const ready = await t.api('POST', `/packages/${pkg.id}/status`, staff, { status: 'ready_for_pickup' });
    expect(ready.statusCode).toBe(409);
    const m = await t.api('POST', '/manifests', admin, { type: 'AIR' });
    const add = await t.api('POST', `/manifests/${m.json().id}/packages`, admin, { packageIds: [pkg.id] });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(MANIFEST_MESSAGES.packageOnHold(pkg.packageNumber, PACKAGE_MESSAGES.heldForInvoice));
  });

  it('the customer uploading the invoice on the pre-alert releases it', async () => {
    seq += 1;
    const id = await preAlert(`TBAHOLD${seq}`);
    const pkg = await receiveFor(t, staff, null, { trackingNumber: `TBAHOLD${seq}` });
    expect(pkg.status).toBe('on_hold');
    const form = pdf();
    const up = await t.api({
      method: 'POST',
      url: `/customer/pre-alerts/${id}/invoice`,
      token: customer.token,
      ...form,
    });
    expect(up.statusCode, up.body).toBe(200);
    const after = (await t.api('GET', `/packages/${pkg.id}`, staff)).json();
    expect(after).toMatchObject({ status: 'received', holdReason: null, hasInvoice: true });
    expect(after.events.at(-1).note).toBe('Merchant invoice uploaded: hold released');
  });

  it('a pre-alert with its invoice is not held', async () => {
    seq += 1;
    const id = await preAlert(`TBAHOLD${seq}`);
    const form = pdf();
    await t.api({
      method: 'POST',
      url: `/customer/pre-alerts/${id}/invoice`,
      token: customer.token,
      ...form,
    });
    expect((await receiveFor(t, staff, null, { trackingNumber: `TBAHOLD${seq}` })).status).toBe('received');
  });

  it('with "require invoice" on, a package with no pre-alert is held; staff upload the invoice on the package to release it', async () => {
    const off = await receiveFor(t, staff, customer.mailboxNumber, { trackingNumber: '1ZNOPREALERT0001' });
    expect(off.status).toBe('received');
    const saved = await t.api('PUT', '/settings/warehouse', admin, { heavyWeightLb: 150, requireInvoice: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.api('GET', '/settings/warehouse', staff)).json()).toMatchObject({ heavyWeightLb: 150, requireInvoice: true });
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { trackingNumber: '1ZNOPREALERT0002' });
    expect(pkg).toMatchObject({ status: 'on_hold', holdReason: PACKAGE_MESSAGES.heldForInvoiceNoPreAlert });
    const form = pdf();
    const up = await t.api({
      method: 'POST',
      url: `/packages/${pkg.id}/invoice`,
      token: staff,
      ...form,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ status: 'received', hasInvoice: true });
    const file = await t.api('GET', `/packages/${pkg.id}/invoice`, staff);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'warehouse_settings.updated'), eq(auditLog.courierId, courierId)));
    expect(entry?.details).toMatchObject({ before: { requireInvoice: false }, after: { requireInvoice: true } });
    await t.api('PUT', '/settings/warehouse', admin, { heavyWeightLb: 150, requireInvoice: false });
  });

  it('staff release a hold by hand with a note', async () => {
    seq += 1;
    await preAlert(`TBAHOLD${seq}`);
    const pkg = await receiveFor(t, staff, null, { trackingNumber: `TBAHOLD${seq}` });
    const noNote = await t.api('POST', `/packages/${pkg.id}/release`, staff, { note: '' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(PACKAGE_MESSAGES.releaseNoteRequired);
    const res = await t.api('POST', `/packages/${pkg.id}/release`, staff, { note: 'Invoice e-mailed by the merchant' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'received', holdReason: null });
    expect(res.json().events.at(-1).note).toBe('Hold released: Invoice e-mailed by the merchant');
    const again = await t.api('POST', `/packages/${pkg.id}/release`, staff, { note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PACKAGE_MESSAGES.notOnHold);
  });
});
