import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_MESSAGES } from '@courier/shared/schemas/manifests';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { notifications } from '../../db/schema/notifications';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let staff: string;
let otherAdmin: string;
let noManifests: string;
let mailbox: string;
let number = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'branch_manager');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  mailbox = c.mailboxNumber;
  const other = await makeCourier(t, 'OTM');
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
  noManifests = (await makeUser(t, c.courierId, 'staff', ['packages_view', 'packages_scan'])).token;
  for (const [tracking, mode] of [
    ['1Z999AA10000000001', 'AIR'],
    ['1Z999AA10000000002', 'AIR'],
    ['1Z999AA10000000003', 'AIR'],
    ['SEA-BOX-1', 'SEA'],
  ] as const) {
    const res = await t.api('POST', '/packages', staff, { trackingNumber: tracking, weightLb: 2.5, mailbox, mode });
    ids[tracking] = res.json().id;
  }
});
afterAll(async () => t?.close());

describe('a manifest from creation to reconciliation', () => {
  let id: number;
  it('creates an AIR manifest with its number', async () => {
    const res = await t.api('POST', '/manifests', staff, {
      type: 'AIR',
      mawbOrBl: '176-12345675',
      flightOrVessel: 'CM 402',
      departureDate: '2026-11-20',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ manifestNumber: expect.stringMatching(/^MAN-\d{6}$/), status: 'open', pieces: 0, weightLb: 0 });
    number = res.json().manifestNumber;
    id = res.json().id;
  });

  it('refuses dates in the wrong order', async () => {
    const res = await t.api('POST', '/manifests', staff, { type: 'SEA', departureDate: '2026-11-20', arrivalDate: '2026-11-01' });
    expect(res.json().message).toBe(MANIFEST_MESSAGES.dateOrder);
  });

  it('adds packages by id and by scanning, with totals, and refuses the wrong mode', async () => {
    const byId = await t.api('POST', `/manifests/${id}/packages`, staff, { packageIds: [ids['1Z999AA10000000001']] });
    expect(byId.json()).toMatchObject({ pieces: 1, weightLb: 2.5 });
    const byScan = await t.api('POST', `/manifests/${id}/packages`, staff, { scan: '1z999aa1 0000000002' });
    expect(byScan.json()).toMatchObject({ pieces: 2, weightLb: 5 });
    const sea = await t.api('POST', `/manifests/${id}/packages`, staff, { scan: 'SEA-BOX-1' });
    expect(sea.statusCode).toBe(409);
    expect(sea.json().message).toMatch(/PKG-\d{6} travels by SEA/);
    const twice = await t.api('POST', `/manifests/${id}/packages`, staff, { scan: '1Z999AA10000000002' });
    expect(twice.json().message).toContain(`is already on manifest ${number}`);
    const nothing = await t.api('POST', `/manifests/${id}/packages`, staff, { scan: 'NOPE' });
    expect(nothing.statusCode).toBe(404);
  });

  it('imports a warehouse CSV with a row-by-row report', async () => {
    const csv =
      'Tracking Number,weight\n1Z999AA10000000003,2.5\nSEA-BOX-1,3\nNOT-HERE,1\n,2\n1Z999AA10000000003,2.5\n1Z999AA10000000001,2.5\n"=cmd()",1\n';
    const form = multipart({}, { field: 'file', name: 'manifest.csv', type: 'text/csv', data: Buffer.from(csv) });
    const res = await t.api({
      method: 'POST',
      url: `/manifests/${id}/import`,
      token: staff,
      ...form,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ accepted: 1, refused: 6 });
    expect(report.rows.map((r: { row: number; accepted: boolean; reason?: string }) => [r.row, r.accepted, r.reason ?? ''])).toEqual([
      [2, true, ''],
      [3, false, expect.stringMatching(/travels by SEA/)],
      [4, false, 'Not received at the warehouse'],
      [5, false, 'No tracking number'],
      [6, false, 'Listed twice in the file'],
      [7, false, 'Already on this manifest'],
      [8, false, 'Not a tracking number'],
    ]);
    expect(report.manifest.pieces).toBe(3);
  });

  it('refuses a CSV without the column, a binary file and an empty file', async () => {
    const csvFile = (data: Buffer) => multipart({}, { field: 'file', name: 'm.csv', type: 'text/csv', data });
    expect(
      (await t.api({ method: 'POST', url: `/manifests/${id}/import`, token: staff, ...csvFile(Buffer.from('weight\n2\n')) })).json()
        .message,
    ).toBe(MANIFEST_MESSAGES.csvNoHeader);
    expect(
      (
        await t.api({
          method: 'POST',
          url: `/manifests/${id}/import`,
          token: staff,
          ...csvFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff])),
        })
      ).statusCode,
    ).toBe(415);
    expect(
      (await t.api({ method: 'POST', url: `/manifests/${id}/import`, token: staff, ...csvFile(Buffer.alloc(0)) })).json().message,
    ).toBe(MANIFEST_MESSAGES.csvMissing);
  });

  it('exports CSV and a printable PDF', async () => {
    const csv = await t.api('GET', `/manifests/${id}/export.csv`, staff);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^manifest,package_number,tracking_number/);
    expect(lines).toHaveLength(4);
    const pdf = await t.api('GET', `/manifests/${id}/manifest.pdf`, staff);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('removes a package while open', async () => {
    const res = await t.api('DELETE', `/manifests/${id}/packages/${ids['1Z999AA10000000003']}`, staff);
    expect(res.json().pieces).toBe(2);
    const again = await t.api('DELETE', `/manifests/${id}/packages/${ids['1Z999AA10000000003']}`, staff);
    expect(again.json().message).toBe(MANIFEST_MESSAGES.packageNotOnManifest);
  });

  it('ships only once closed, moving packages to in transit and e-mailing', async () => {
    expect((await t.api('POST', `/manifests/${id}/ship`, staff)).json().message).toBe(MANIFEST_MESSAGES.notClosed);
    expect((await t.api('POST', `/manifests/${id}/close`, staff)).json().status).toBe('closed');
    expect((await t.api('POST', `/manifests/${id}/packages`, staff, { scan: '1Z999AA10000000003' })).json().message).toBe(
      MANIFEST_MESSAGES.notOpen,
    );
    const shipped = await t.api('POST', `/manifests/${id}/ship`, staff);
    // The answer is the manifest and its counts; its packages are read by the screen that shows them.
    expect(shipped.json()).toMatchObject({ status: 'shipped', pieces: 2 });
    expect(shipped.json().packages).toBeUndefined();
    const after = await t.api('GET', `/manifests/${id}`, staff);
    expect(after.json().packages.map((p: { status: string }) => p.status)).toEqual(['in_transit', 'in_transit']);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'customer@example.test'));
    // One e-mail for the customer's two packages, naming the manifest they left on.
    const shippedMails = mails.filter((m) => m.subject.includes('shipped to Jamaica'));
    expect(shippedMails.map((m) => m.subject)).toEqual([expect.stringContaining(`2 packages shipped to Jamaica on ${number}`)]);
  });

  it('arrives and notifies staff, then reconciles live', async () => {
    expect(
      (await t.api('POST', `/manifests/${id}/reconciliation/scans`, staff, { trackingNumber: '1Z999AA10000000001' })).json().message,
    ).toBe(MANIFEST_MESSAGES.notArrived);
    expect((await t.api('POST', `/manifests/${id}/arrive`, staff)).json().status).toBe('arrived');
    const notes = await t.db.select().from(notifications).where(eq(notifications.type, 'manifest_arrived'));
    expect(notes).toHaveLength(1);
    const scan = await t.api('POST', `/manifests/${id}/reconciliation/scans`, staff, { trackingNumber: '1Z999AA10000000001' });
    expect(scan.json()).toMatchObject({ result: 'expected' });
    expect(scan.json().reconciliation.received).toHaveLength(1);
    expect(scan.json().reconciliation.missing).toHaveLength(1);
    const dup = await t.api('POST', `/manifests/${id}/reconciliation/scans`, staff, { trackingNumber: '1Z999AA10000000001' });
    expect(dup.json().message).toBe(MANIFEST_MESSAGES.alreadyScanned('1Z999AA10000000001'));
    const extra = await t.api('POST', `/manifests/${id}/reconciliation/scans`, staff, { trackingNumber: 'STRAY-1' });
    expect(extra.json()).toMatchObject({ result: 'extra' });
    expect(extra.json().reconciliation.extra).toEqual([expect.objectContaining({ trackingNumber: 'STRAY1', packageId: null })]);
  });

  it('recognises an extra that is a package of ours and says where it is', async () => {
    // 1Z999AA10000000003 was taken off this manifest before it closed: it is still at the warehouse.
    const label: string = (await t.api('GET', `/packages/${ids['1Z999AA10000000003']}`, staff)).json().packageNumber;
    const res = await t.api('POST', `/manifests/${id}/reconciliation/scans`, staff, { trackingNumber: label });
    expect(res.json()).toMatchObject({
      result: 'extra',
      message: `${label} is not on ${number} (it is on no manifest, Received): recorded as extra`,
    });
    expect(res.json().reconciliation.extra).toEqual([
      expect.objectContaining({ trackingNumber: 'STRAY1', packageId: null }),
      expect.objectContaining({ packageId: ids['1Z999AA10000000003'], packageNumber: label, status: 'received', manifestNumber: null }),
    ]);
    const again = await t.api('POST', `/manifests/${id}/reconciliation/scans`, staff, { trackingNumber: '1Z999AA10000000003' });
    expect(again.statusCode).toBe(409);
  });

  it('closes with discrepancies recorded and makes the received ones ready', async () => {
    const closed = await t.api('POST', `/manifests/${id}/reconciliation/close`, staff, { note: 'Box 2 left in Miami' });
    expect(closed.json().manifest).toMatchObject({ status: 'reconciled', missingCount: 1, extraCount: 2 });
    // The automatic text and the person's note are kept apart.
    expect(closed.json().manifest.discrepancyNote).toMatch(/^Missing: PKG-\d{6}\nExtra: STRAY1, PKG-\d{6}$/);
    expect(closed.json().manifest.reconciliationNote).toBe('Box 2 left in Miami');
    const ready = await t.api('POST', `/manifests/${id}/ready`, staff);
    const statuses = Object.fromEntries(
      ready.json().packages.map((p: { trackingNumber: string; status: string }) => [p.trackingNumber, p.status]),
    );
    expect(statuses).toEqual({ '1Z999AA10000000001': 'ready_for_pickup', '1Z999AA10000000002': 'in_transit' });
    const pkg = await t.api('GET', `/packages/${ids['1Z999AA10000000001']}`, staff);
    expect(pkg.json().events.map((e: { status: string }) => e.status)).toEqual([
      'received',
      'in_transit',
      'at_customs',
      'ready_for_pickup',
    ]);
    const missing = await t.api('GET', `/packages/${ids['1Z999AA10000000002']}`, staff);
    expect(missing.json().events.at(-1).note).toBe(`Missing when ${number} was reconciled`);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'customer@example.test'));
    expect(mails.filter((m) => m.subject.includes('ready for pickup'))).toHaveLength(1);
  });

  it('another courier gets 404 for the manifest by id; no permission is 403', async () => {
    for (const [method, url] of [
      ['GET', `/manifests/${id}`],
      ['GET', `/manifests/${id}/reconciliation`],
      ['GET', `/manifests/${id}/export.csv`],
      ['POST', `/manifests/${id}/close`],
      ['POST', `/manifests/${id}/arrive`],
    ] as const) {
      expect((await t.api(method, url, otherAdmin)).statusCode, url).toBe(404);
    }
    expect((await t.api('GET', '/manifests', otherAdmin)).json().total).toBe(0);
    expect((await t.api('GET', '/manifests', noManifests)).statusCode).toBe(403);
    expect((await t.api('POST', '/manifests', noManifests, { type: 'AIR' })).statusCode).toBe(403);
  });
});
