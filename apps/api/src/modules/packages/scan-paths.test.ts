import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_MESSAGES } from '@courier/shared/domain/scan';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { customers } from '../../db/schema/customers';

/**
 * Every screen that takes a scan, with every kind of code: our label's text (PKG-000009), the
 * same typed in lowercase without the hyphen, a carrier's tracking number and a mailbox number.
 * The label's own barcode was refused everywhere.
 */
let t: TestApp;
let staff: string;
let otherStaff: string;
let mailbox: string;
const pkgs: Array<{ id: number; number: string; tracking: string }> = [];

/** `PKG-000009` as a person types it: `pkg000009`. */
const typed = (packageNumber: string) => packageNumber.replace('-', '').toLowerCase();
const mailboxTyped = () => mailbox.replace('-', '').toLowerCase();

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'branch_manager');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  mailbox = c.mailboxNumber;
  const other = await makeCourier(t, 'OTS');
  otherStaff = (await makeUser(t, other.id, 'courier_admin')).token;
  for (let i = 1; i <= 5; i++) {
    const tracking = `1Z999AA1000000100${i}`;
    const res = await t.api('POST', '/packages', staff, { trackingNumber: tracking, weightLb: 1.5, mailbox, mode: 'AIR' });
    expect(res.statusCode).toBe(201);
    pkgs.push({ id: res.json().id, number: res.json().packageNumber, tracking });
  }
});
afterAll(async () => t?.close());

const pkg = (i: number) => {
  const p = pkgs[i];
  if (!p) throw new Error(`no package ${i}`);
  return p;
};

describe('the Scan screen lookup', () => {
  const lookup = (code: string, token = staff) => t.api('GET', `/packages/scan?trackingNumber=${encodeURIComponent(code)}`, token);

  it.each([
    ['our label', (p: { number: string }) => p.number, 'package_number'],
    ['lowercase without hyphen', (p: { number: string }) => typed(p.number), 'package_number'],
    ['the carrier number', (p: { tracking: string }) => p.tracking, 'tracking'],
  ] as const)('finds the package by %s', async (_, code, kind) => {
    const res = await lookup(code(pkg(0) as never));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind, package: { id: pkg(0).id, packageNumber: pkg(0).number } });
  });

  it('finds the customer by mailbox, however typed', async () => {
    const res = await lookup(mailboxTyped());
    expect(res.json()).toMatchObject({ kind: 'mailbox', package: null, customer: { mailboxNumber: mailbox } });
  });

  it('offers a new carrier number for receiving', async () => {
    const res = await lookup('1z999aa1 0000009999');
    expect(res.json()).toMatchObject({ kind: 'tracking', package: null, trackingNumber: '1Z999AA10000009999', carrier: 'UPS' });
  });

  it('never turns an unknown package number of ours into a phantom new package', async () => {
    const res = await lookup('PKG-999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SCAN_MESSAGES.notFound('PKG-999999'));
    const receive = await t.api('POST', '/packages', staff, { trackingNumber: pkg(0).number, weightLb: 2 });
    expect(receive.statusCode).toBe(400);
    expect(receive.json().message).toBe(SCAN_MESSAGES.ourNumberNotTracking(pkg(0).number));
  });

  it('refuses two scans run together in our words, not the schema', async () => {
    const res = await lookup(`${pkg(0).number}1ZAUDITB00000000000000000000000000000000`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SCAN_MESSAGES.tooLong);
  });

  it("another courier's staff find nothing with our label", async () => {
    const res = await lookup(pkg(0).number, otherStaff);
    expect(res.statusCode).toBe(404);
  });
});

describe('manifest, reconciliation, collection and unknown assignment by scan', () => {
  let id: number;
  it('adds to a manifest by label, typed number and carrier number; refuses a mailbox', async () => {
    id = (await t.api('POST', '/manifests', staff, { type: 'AIR' })).json().id;
    expect((await t.api('POST', `/manifests/${id}/packages`, staff, { scan: pkg(0).number })).json().pieces).toBe(1);
    expect((await t.api('POST', `/manifests/${id}/packages`, staff, { scan: typed(pkg(1).number) })).json().pieces).toBe(2);
    expect((await t.api('POST', `/manifests/${id}/packages`, staff, { scan: pkg(2).tracking })).json().pieces).toBe(3);
    const mb = await t.api('POST', `/manifests/${id}/packages`, staff, { scan: mailbox });
    expect(mb.statusCode).toBe(404);
    const other = await t.api('POST', `/manifests/${id}/packages`, otherStaff, { scan: pkg(3).number });
    expect(other.statusCode).toBe(404);
  });

  it('removes from a manifest by scan', async () => {
    const res = await t.api('POST', `/manifests/${id}/packages/removals`, staff, { scan: typed(pkg(2).number) });
    expect(res.statusCode).toBe(200);
    expect(res.json().pieces).toBe(2);
    const again = await t.api('POST', `/manifests/${id}/packages/removals`, staff, { scan: pkg(2).number });
    expect(again.statusCode).toBe(404);
    expect((await t.api('POST', `/manifests/${id}/packages`, staff, { scan: pkg(2).number })).json().pieces).toBe(3);
  });

  it('imports a file that lists our package numbers', async () => {
    const csv = `package_number\n${pkg(3).number}\n${typed(pkg(4).number)}\n`;
    const form = multipart({}, { field: 'file', name: 'm.csv', type: 'text/csv', data: Buffer.from(csv) });
    const res = await t.api({
      method: 'POST',
      url: `/manifests/${id}/import`,
      token: staff,
      ...form,
    });
    expect(res.json()).toMatchObject({ accepted: 2, refused: 0 });
    expect(res.json().manifest.pieces).toBe(5);
  });

  it('reconciles the label, the typed number and the carrier number as expected; refuses a mailbox', async () => {
    await t.api('POST', `/manifests/${id}/close`, staff);
    await t.api('POST', `/manifests/${id}/ship`, staff);
    await t.api('POST', `/manifests/${id}/arrive`, staff);
    const scan = (code: string) => t.api('POST', `/manifests/${id}/reconciliation/scans`, staff, { trackingNumber: code });
    for (const code of [pkg(0).number, typed(pkg(1).number), pkg(2).tracking]) {
      const res = await scan(code);
      expect(res.json(), code).toMatchObject({ result: 'expected' });
    }
    const res = await scan(mailboxTyped());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SCAN_MESSAGES.notAPackage(mailbox));
    const recon = await t.api('GET', `/manifests/${id}/reconciliation`, staff);
    expect(recon.json().received).toHaveLength(3);
    expect(recon.json().extra).toHaveLength(0);
  });

  it('finds the invoice at the signature screen by label, carrier number and mailbox', async () => {
    await t.api('POST', `/manifests/${id}/ready`, staff);
    const byLabel = (await t.api('GET', `/collections?search=${encodeURIComponent(pkg(0).number)}`, staff)).json();
    expect(byLabel).toEqual([expect.objectContaining({ mailboxNumber: mailbox, readyCount: 3 })]);
    for (const code of [typed(pkg(1).number), pkg(2).tracking]) {
      const res = await t.api('GET', `/collections?search=${encodeURIComponent(code)}`, staff);
      expect(res.json(), code).toEqual(byLabel);
    }
    // A mailbox lists that customer's invoices, this one among them.
    const byMailbox = (await t.api('GET', `/collections?search=${mailboxTyped()}`, staff)).json();
    expect(byMailbox.map((r: { invoiceNo: string }) => r.invoiceNo)).toContain(byLabel[0].invoiceNo);
    const other = await t.api('GET', `/collections?search=${encodeURIComponent(pkg(0).number)}`, otherStaff);
    expect(other.json()).toEqual([]);
  });

  it('assigns an unknown package by a mailbox typed without its hyphen', async () => {
    const unknown = await t.api('POST', '/packages', staff, { trackingNumber: '1Z999AA10000002001', weightLb: 1 });
    expect(unknown.json().status).toBe('unknown');
    const res = await t.api('POST', `/packages/${unknown.json().id}/assign`, staff, { mailbox: mailboxTyped() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'received', mailboxNumber: mailbox });
  });

  it('finds an unknown package for the assignment station by its label or carrier number', async () => {
    const unknown = (await t.api('POST', '/packages', staff, { trackingNumber: '1Z999AA10000002002', weightLb: 2 })).json();
    const find = (code: string, token = staff) => t.api('GET', `/packages/unknown/scan?code=${encodeURIComponent(code)}`, token);
    for (const code of [unknown.packageNumber, typed(unknown.packageNumber), '1z999aa1 0000002002']) {
      const res = await find(code);
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toMatchObject({ id: unknown.id, status: 'unknown' });
    }
    const received = await find(pkg(4).number);
    expect(received.statusCode).toBe(409);
    expect(received.json().message).toMatch(new RegExp(`^${pkg(4).number} is not an unknown package: it is `));
    const byMailbox = await find(mailboxTyped());
    expect(byMailbox.statusCode).toBe(400);
    expect(byMailbox.json().message).toBe(SCAN_MESSAGES.notAPackage(mailbox));
    expect((await find('PKG-999999')).json().message).toBe(SCAN_MESSAGES.notFound('PKG-999999'));
    expect((await find('!!')).json().message).toBe(SCAN_MESSAGES.unreadable);
    expect((await find(unknown.packageNumber, otherStaff)).statusCode).toBe(404);
  });
});
