import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_MESSAGES } from '@courier/shared/domain/package-status';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { packages } from '../../db/schema/packages';

/**
 * The hazard rule holds on every way a status changes, not only on the manifest: a parcel being
 * disposed of or returned goes no further, and an undecided hazardous one does not go in transit,
 * whoever presses the button.
 */

let t: TestApp;
let admin: string;
let clerk: string;
let stranger: string;
let mailbox: string;

async function flagged(hazard: Record<string, unknown>) {
  const res = await t.api('POST', '/packages', admin, {
    trackingNumber: `1ZHAZ${Math.random().toString().slice(2, 12)}`,
    weightLb: 3,
    mailbox,
  });
  expect(res.statusCode, res.body).toBe(201);
  const pkg = res.json() as { id: number; packageNumber: string };
  const flag = await t.api('POST', `/packages/${pkg.id}/hazard`, admin, hazard);
  expect(flag.statusCode, flag.body).toBe(200);
  return pkg;
}

beforeAll(async () => {
  t = await buildTestApp();
  const courier = await makeCourier(t, `HZ${Date.now().toString().slice(-5)}`);
  const other = await makeCourier(t, `HY${Date.now().toString().slice(-5)}`);
  admin = (await makeUser(t, courier.id, 'courier_admin')).token;
  // A plain staff member: may edit and scan packages, nothing more.
  clerk = (await makeUser(t, courier.id, 'staff', ['packages_view', 'packages_edit', 'packages_scan'])).token;
  stranger = (await makeUser(t, other.id, 'courier_admin')).token;
  mailbox = (await makeCustomer(t, courier.id)).mailboxNumber;
});
afterAll(async () => t?.close());

describe('the hazard rule on status changes', () => {
  it('a parcel to be disposed of cannot move on by the status buttons, and is never billed freight', async () => {
    const pkg = await flagged({ level: 'hazardous', category: 'aerosols', outcome: 'dispose' });
    const detail = await t.api('GET', `/packages/${pkg.id}`, clerk);
    expect(detail.json().nextStatuses).toEqual(['on_hold', 'abandoned']);
    const moved = await t.api('POST', `/packages/${pkg.id}/status`, clerk, { status: 'in_transit' });
    expect(moved.statusCode).toBe(409);
    // The message in the rule's own words, as a clerk reads it.
    expect(moved.json().message).toBe(`${pkg.packageNumber}: The parcel is flagged to be disposed of: it cannot move on`);
    const [row] = await t.db.select().from(packages).where(eq(packages.id, pkg.id));
    expect(row?.status).toBe('received');
    const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.packageId, pkg.id));
    expect(lines.filter((l) => l.kind !== 'hazard_fee')).toEqual([]);
  });

  it('an undecided lithium parcel cannot go in transit, by one button or in bulk', async () => {
    const pkg = await flagged({ level: 'hazardous', category: 'lithium_batteries' });
    const plain = await flagged({ level: 'hazardous', category: 'lithium_batteries', outcome: 'sea' });
    const detail = await t.api('GET', `/packages/${pkg.id}`, clerk);
    expect(detail.json().nextStatuses).toEqual(['on_hold', 'abandoned']);
    const undecided = `${pkg.packageNumber}: The parcel is flagged hazardous: choose sea, return or disposal before it ships`;
    const one = await t.api('POST', `/packages/${pkg.id}/status`, clerk, { status: 'in_transit' });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(undecided);
    const bulk = await t.api('POST', '/packages/bulk-status', clerk, { ids: [pkg.id, plain.id], status: 'in_transit' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toMatchObject({
      changed: 1,
      results: [
        { id: pkg.id, ok: false, message: undecided },
        { id: plain.id, ok: true },
      ],
    });
  });

  it('a returned prohibited parcel stays put, and another courier cannot even see it', async () => {
    const pkg = await flagged({ level: 'prohibited', category: 'other', outcome: 'return' });
    const moved = await t.api('POST', `/packages/${pkg.id}/status`, clerk, { status: 'in_transit' });
    expect(moved.json().message).toBe(`${pkg.packageNumber}: ${STATUS_MESSAGES.hazardOutcome('returned to the sender')}`);
    expect((await t.api('POST', `/packages/${pkg.id}/status`, stranger, { status: 'in_transit' })).statusCode).toBe(404);
    // A hold is still possible: the parcel waits while it goes back.
    expect(
      (await t.api('POST', `/packages/${pkg.id}/status`, clerk, { status: 'on_hold', note: 'Awaiting return label' })).statusCode,
    ).toBe(200);
  });
});
