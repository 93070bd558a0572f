import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { manifests } from '../../db/schema/manifests';
import { notifications } from '../../db/schema/notifications';
import { packages } from '../../db/schema/packages';

/**
 * A parcel cleared at May Pen for a customer who collects at Chapelton is not ready at May Pen: it
 * travels on a branch transfer (loaded by scan, sent, scanned in) and is ready, and its customer
 * told, only once Chapelton scans it in.
 */

let t: TestApp;
let admin: string;
let staff: string;
let courierId: number;
let mayPen: number;
let chapelton: number;
let seq = 0;

/** An arrived manifest at May Pen with one parcel per customer, scanned in and cleared (made ready). */
async function clearedAtMayPen(customerIds: number[]) {
  seq += 1;
  const [m] = await t.db
    .insert(manifests)
    .values({ courierId, manifestNumber: `MAN-TRF${seq}`, type: 'AIR', branchId: mayPen, status: 'arrived', arrivedAt: new Date() })
    .returning();
  if (!m) throw new Error('manifest insert failed');
  const pkgs = [];
  for (const customerId of customerIds) {
    seq += 1;
    const [p] = await t.db
      .insert(packages)
      .values({
        courierId,
        customerId,
        branchId: (await customerBranch(customerId)) ?? null,
        packageNumber: `PKG-TRF${String(seq).padStart(4, '0')}`,
        trackingNumber: `1ZTRANSFER${seq}`,
        status: 'in_transit',
        manifestId: m.id,
        weightLb: 2,
      })
      .returning();
    if (!p) throw new Error('package insert failed');
    const scan = await t.api('POST', `/manifests/${m.id}/reconciliation/scans`, admin, { trackingNumber: p.trackingNumber });
    expect(scan.statusCode, scan.body).toBe(200);
    pkgs.push(p);
  }
  const ready = await t.api('POST', `/manifests/${m.id}/ready`, admin);
  expect(ready.statusCode, ready.body).toBe(200);
  return pkgs;
}

async function customerBranch(customerId: number) {
  const [c] = await t.db.select({ branchId: customers.branchId }).from(customers).where(eq(customers.id, customerId));
  return c?.branchId;
}

const pkgNow = async (id: number) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0];
const readyMail = (to: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .then((rows) => rows.filter((r) => /ready for pickup/i.test(r.subject)));
const readyNotices = (customerId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(eq(notifications.customerId, customerId))
    .then((rows) => rows.filter((r) => /ready for pickup/i.test(r.title)));

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  admin = await loginAs(t, 'courier_admin');
  staff = await loginAs(t, 'staff');
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  const rows = await t.db.select().from(branches).where(eq(branches.courierId, courierId));
  mayPen = rows.find((b) => b.name === 'May Pen')?.id ?? 0;
  chapelton = rows.find((b) => b.name === 'Chapelton')?.id ?? 0;
});
afterAll(async () => t?.close());

describe('the branch rule', () => {
  it('a parcel cleared at May Pen for a Chapelton customer is not made ready there, by the manifest or the status button', async () => {
    const far = await makeCustomer(t, courierId, { branchId: chapelton });
    const near = await makeCustomer(t, courierId, { branchId: mayPen });
    const [forChapelton, forMayPen] = await clearedAtMayPen([far.id, near.id]);
    const waiting = await pkgNow(forChapelton?.id ?? 0);
    expect(waiting?.status).toBe('at_customs');
    expect(waiting?.atBranchId).toBe(mayPen);
    expect(waiting?.clearedAt).not.toBeNull();
    expect((await pkgNow(forMayPen?.id ?? 0))?.status).toBe('ready_for_pickup');
    expect(await readyMail(far.email)).toHaveLength(0);
    expect(await readyNotices(far.id)).toHaveLength(0);

    const button = await t.api('POST', `/packages/${forChapelton?.id}/status`, admin, { status: 'ready_for_pickup' });
    expect(button.statusCode).toBe(409);
    expect(button.json().message).toContain('is at May Pen and is collected at Chapelton: send it on a transfer');
    const bulk = await t.api('POST', '/packages/bulk-status', admin, { ids: [forChapelton?.id], status: 'ready_for_pickup' });
    expect(bulk.json().results?.[0]?.ok ?? false).toBe(false);
    const detail = await t.api('GET', `/packages/${forChapelton?.id}`, admin);
    expect(detail.json().nextStatuses ?? []).not.toContain('ready_for_pickup');
    expect(detail.json().events.map((e: { note: string | null }) => e.note)).toContain(
      'Cleared customs at May Pen; collected at Chapelton: waits for a transfer',
    );
  });

  it('nobody moves a parcel in or out of transfer with the status button', async () => {
    const far = await makeCustomer(t, courierId, { branchId: chapelton });
    const [p] = await clearedAtMayPen([far.id]);
    const res = await t.api('POST', `/packages/${p?.id}/status`, admin, { status: 'in_transfer' });
    expect(res.statusCode).toBe(409);
  });
});

describe('a transfer from May Pen to Chapelton', () => {
  it('loads by scan, sends, and makes ready only when Chapelton scans the parcels in, one notice per customer', async () => {
    const far = await makeCustomer(t, courierId, { branchId: chapelton });
    const [a, b] = await clearedAtMayPen([far.id, far.id]);
    const created = await t.api('POST', '/transfers', staff, { fromBranchId: mayPen, toBranchId: chapelton });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().transfer.id as number;
    expect(created.json().transfer.transferNumber).toMatch(/^TRF-\d{6}$/);
    for (const p of [a, b]) {
      const load = await t.api('POST', `/transfers/${id}/scans`, staff, { code: p?.trackingNumber });
      expect(load.statusCode, load.body).toBe(200);
      expect(load.json().result).toBe('added');
    }
    const twice = await t.api('POST', `/transfers/${id}/scans`, staff, { code: a?.trackingNumber });
    expect(twice.statusCode).toBe(409);

    const sent = await t.api('POST', `/transfers/${id}/send`, staff);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().transfer.status).toBe('sent');
    expect((await pkgNow(a?.id ?? 0))?.status).toBe('in_transfer');
    expect(await readyNotices(far.id)).toHaveLength(0);
    expect(await readyMail(far.email)).toHaveLength(0);

    const first = await t.api('POST', `/transfers/${id}/scans`, admin, { code: a?.trackingNumber });
    expect(first.json().result).toBe('scanned_in');
    // Still travelling until the transfer is received: no notice yet.
    expect((await pkgNow(a?.id ?? 0))?.status).toBe('in_transfer');
    expect(await readyNotices(far.id)).toHaveLength(0);
    const last = await t.api('POST', `/transfers/${id}/scans`, admin, { code: b?.trackingNumber });
    expect(last.json().detail.transfer.status).toBe('received');
    for (const p of [a, b]) {
      const now = await pkgNow(p?.id ?? 0);
      expect(now?.status).toBe('ready_for_pickup');
      expect(now?.atBranchId).toBe(chapelton);
    }
    const notices = await readyNotices(far.id);
    expect(notices).toHaveLength(1);
    const mails = await readyMail(far.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('Chapelton');
    expect(mails[0]?.textBody).not.toContain('May Pen branch');

    const history = await t.api('GET', `/packages/${a?.id}`, admin);
    const notes = history.json().events.map((e: { note: string | null }) => e.note);
    const number = created.json().transfer.transferNumber;
    expect(notes).toEqual(
      expect.arrayContaining([
        `Put on ${number} to Chapelton`,
        `Sent from May Pen to Chapelton on ${number}`,
        `Scanned in at Chapelton from ${number}`,
        `Arrived at Chapelton on ${number}`,
      ]),
    );
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.courierId, courierId), eq(auditLog.entityId, number)));
    expect(audits.map((r) => r.action)).toEqual(
      expect.arrayContaining(['transfer.created', 'transfer.package_added', 'transfer.sent', 'transfer.received']),
    );
  });

  it('lists a parcel sent but not scanned in as missing, and flags a scan that was not on the transfer', async () => {
    const far = await makeCustomer(t, courierId, { branchId: chapelton });
    const near = await makeCustomer(t, courierId, { branchId: mayPen });
    const [a, b] = await clearedAtMayPen([far.id, far.id]);
    const [stranger] = await clearedAtMayPen([near.id]);
    const body = (await t.api('POST', '/transfers', staff, { fromBranchId: mayPen, toBranchId: chapelton })).json();
    const id = body.transfer.id as number;
    const wrong = await t.api('POST', `/transfers/${id}/scans`, staff, { code: stranger?.trackingNumber });
    expect(wrong.statusCode).toBe(409);
    for (const p of [a, b]) await t.api('POST', `/transfers/${id}/scans`, staff, { code: p?.trackingNumber });
    await t.api('POST', `/transfers/${id}/send`, staff);
    await t.api('POST', `/transfers/${id}/scans`, admin, { code: a?.trackingNumber });
    const extra = await t.api('POST', `/transfers/${id}/scans`, admin, { code: stranger?.trackingNumber });
    expect(extra.json().result).toBe('extra');
    expect(extra.json().message).toContain('recorded as extra');
    expect((await pkgNow(stranger?.id ?? 0))?.status).toBe('ready_for_pickup');
    const received = await t.api('POST', `/transfers/${id}/receive`, admin);
    expect(received.statusCode).toBe(200);
    expect(received.json().missing.map((m: { packageId: number | null }) => m.packageId)).toEqual([b?.id]);
    expect(received.json().extra.map((m: { packageId: number | null }) => m.packageId)).toEqual([stranger?.id]);
    expect((await pkgNow(a?.id ?? 0))?.status).toBe('ready_for_pickup');
    expect((await pkgNow(b?.id ?? 0))?.status).toBe('in_transfer');
    // It turns up later: scanned in, it is ready at once.
    const late = await t.api('POST', `/transfers/${id}/scans`, admin, { code: b?.trackingNumber });
    expect(late.statusCode).toBe(200);
    expect((await pkgNow(b?.id ?? 0))?.status).toBe('ready_for_pickup');
  });

  it('is cancelled only before it is sent, and then its parcels stay where they are', async () => {
    const far = await makeCustomer(t, courierId, { branchId: chapelton });
    const [a] = await clearedAtMayPen([far.id]);
    const body = (await t.api('POST', '/transfers', staff, { fromBranchId: mayPen, toBranchId: chapelton })).json();
    const id = body.transfer.id as number;
    await t.api('POST', `/transfers/${id}/scans`, staff, { code: a?.trackingNumber });
    const cancelled = await t.api('POST', `/transfers/${id}/cancel`, admin);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().transfer.status).toBe('cancelled');
    expect((await pkgNow(a?.id ?? 0))?.status).toBe('at_customs');
    expect((await t.api('POST', `/transfers/${id}/send`, admin)).statusCode).toBe(409);
    // Free to go on another transfer.
    const again = await t.api('POST', '/transfers', staff, { fromBranchId: mayPen, toBranchId: chapelton });
    const load = await t.api('POST', `/transfers/${again.json().transfer.id}/scans`, staff, { code: a?.trackingNumber });
    expect(load.statusCode).toBe(200);
    const sentOne = await t.api('POST', '/transfers', staff, { fromBranchId: mayPen, toBranchId: chapelton });
    await t
      .api('POST', `/transfers/${sentOne.json().transfer.id}/scans`, staff, { code: a?.trackingNumber })
      .then((r) => expect(r.statusCode).toBe(409));
    expect((await t.api('POST', `/transfers/${sentOne.json().transfer.id}/send`, admin)).statusCode).toBe(409);
  });

  it('refuses a transfer to the branch it leaves from, and an empty one is not sent', async () => {
    const same = await t.api('POST', '/transfers', staff, { fromBranchId: mayPen, toBranchId: mayPen });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('A transfer goes to another branch: choose a different one');
    const empty = await t.api('POST', '/transfers', staff, { fromBranchId: mayPen, toBranchId: chapelton });
    const send = await t.api('POST', `/transfers/${empty.json().transfer.id}/send`, staff);
    expect(send.statusCode).toBe(409);
    expect(send.json().message).toBe('Scan at least one parcel onto the transfer before sending it');
  });
});

describe('who may see and touch a transfer', () => {
  it("another courier's staff can neither see nor touch it; a customer and a role without scanning cannot either", async () => {
    const body = (await t.api('POST', '/transfers', staff, { fromBranchId: mayPen, toBranchId: chapelton })).json();
    const id = body.transfer.id as number;
    const other = await makeCourier(t, `OTR${seq}`);
    const [otherBranch] = await t.db.insert(branches).values({ courierId: other.id, name: 'Elsewhere' }).returning();
    const outsider = await makeUser(t, other.id, 'courier_admin');
    expect((await t.api('GET', `/transfers/${id}`, outsider.token)).statusCode).toBe(404);
    expect((await t.api('POST', `/transfers/${id}/scans`, outsider.token, { code: 'PKG-000001' })).statusCode).toBe(404);
    expect((await t.api('POST', `/transfers/${id}/send`, outsider.token)).statusCode).toBe(404);
    expect((await t.api('POST', `/transfers/${id}/cancel`, outsider.token)).statusCode).toBe(404);
    const list = await t.api('GET', '/transfers', outsider.token);
    expect(list.json().data.map((r: { id: number }) => r.id)).not.toContain(id);
    // Its own branches only: our branches are unknown to it.
    const theirs = await t.api('POST', '/transfers', outsider.token, { fromBranchId: otherBranch?.id, toBranchId: mayPen });
    expect(theirs.statusCode).toBe(400);

    const customer = await makeCustomer(t, courierId);
    expect((await t.api('GET', '/transfers', customer.token)).statusCode).toBe(403);
    const viewer = await makeUser(t, courierId, 'staff', ['packages_view'], mayPen);
    expect((await t.api('GET', `/transfers/${id}`, viewer.token)).statusCode).toBe(403);
    const scanner = await makeUser(t, courierId, 'staff', ['packages_scan'], mayPen);
    expect((await t.api('POST', `/transfers/${id}/cancel`, scanner.token)).statusCode).toBe(403);
  });
});
