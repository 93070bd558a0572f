import { type AddressInfo, type Server, createServer } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAREHOUSE_MESSAGES } from '@courier/shared/schemas/warehouse';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { labelPrinters } from '../../db/schema/label-printers';
import { packages } from '../../db/schema/packages';
import { notifications } from '../../db/schema/notifications';
import { printerPolicy } from '../../lib/outbound-guard';
import { ZplLabel } from '../../lib/zpl';
import type { AuthUser } from '../../plugins/auth';
import { testPrint } from './label-printers.service';

/** Hazards, shelves, pieces and label printers, for one courier and kept from another. */
let t: TestApp;
let staff: string;
let other: string;
let mailbox: string;
let customerId: number;
let branchId: number;
let otherBranchId: number;

/** A loopback "printer": a TCP listener that keeps each connection's bytes as one job. */
async function fakePrinter(): Promise<{ server: Server; port: number; jobs: string[] }> {
  const jobs: string[] = [];
  const server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks).toString('utf8'));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, jobs };
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'courier_admin');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  mailbox = c.mailboxNumber;
  customerId = c.id;
  const [b] = await t.db.select().from(branches).where(eq(branches.courierId, c.courierId));
  if (!b) throw new Error('no branch');
  branchId = b.id;
  const o = await makeCourier(t, 'WHO');
  other = (await makeUser(t, o.id, 'courier_admin')).token;
  const [ob] = await t.db.insert(branches).values({ courierId: o.id, name: 'Other branch' }).returning();
  otherBranchId = ob?.id ?? 0;
});
afterAll(async () => t?.close());
const courierOfBranch = async () =>
  (await t.db.select({ courierId: branches.courierId }).from(branches).where(eq(branches.id, branchId)))[0]?.courierId;

describe('the ZPL builder', () => {
  it('writes one ^XA...^XZ label, a Code 128 of the data, and strips command characters from text', () => {
    const zpl = new ZplLabel().text(10, 10, 30, 'Shoes ^XZ~JA').code128(10, 60, 100, 'PKG-000123').banner(0, 900, 812, 120, 'HOLD').build();
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl.trim().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^BCN,100,N,N,N^FDPKG-000123^FS');
    expect(zpl).toContain('^FDShoes XZ JA^FS');
    expect(zpl).toMatch(/\^FR\^FDHOLD\^FS/);
  });
});

describe('hazards', () => {
  let pkgId: number;
  let pkgNumber: string;
  let air: number;
  let sea: number;
  it('a hazardous parcel is refused by an AIR manifest, in our words, by id and by scan', async () => {
    const res = await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'HAZ-0001', mailbox });
    pkgId = res.json().id;
    pkgNumber = res.json().packageNumber;
    const flag = await t.api('POST', `/packages/${pkgId}/hazard`, staff, {
      level: 'hazardous',
      category: 'lithium_batteries',
      note: 'Power bank',
    });
    expect(flag.statusCode).toBe(200);
    expect(flag.json()).toMatchObject({ hazardLevel: 'hazardous', hazardCategory: 'lithium_batteries' });
    air = (await t.api('POST', '/manifests', staff, { type: 'AIR' })).json().id;
    const byId = await t.api('POST', `/manifests/${air}/packages`, staff, { packageIds: [pkgId] });
    expect(byId.statusCode).toBe(409);
    expect(byId.json().message).toBe(WAREHOUSE_MESSAGES.hazardousByAir(pkgNumber, 'lithium batteries'));
    const byScan = await t.api('POST', `/manifests/${air}/packages`, staff, { scan: pkgNumber });
    expect(byScan.statusCode).toBe(409);
    expect(byScan.json().message).toContain('dangerous goods cannot fly');
  });

  it('told the customer why: an e-mail through the outbox, a notification, and the package shows it; the audit log has it', async () => {
    const mails = await t.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, to: emailOutbox.toAddress })
      .from(emailOutbox);
    const ours = mails.find((m) => m.subject.endsWith(`Your parcel cannot fly: ${pkgNumber}`));
    expect(ours?.to).toBe('customer@example.test');
    expect(ours?.text).toContain('lithium batteries, which airlines do not carry');
    const feed = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, customerId), eq(notifications.targetRef, pkgNumber)));
    expect(feed.some((n) => n.title.startsWith('Your parcel cannot fly'))).toBe(true);
    const customer = await loginAs(t, 'customer');
    const own = await t.api('GET', `/customer/packages/${pkgId}`, customer);
    expect(own.json()).toMatchObject({ hazardLevel: 'hazardous', hazardCategory: 'lithium_batteries' });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.hazard_flagged'), eq(auditLog.entityId, pkgNumber)));
    expect(logged).toHaveLength(1);
  });

  it('ships by sea once staff choose SEA; prohibited never ships; return takes the courier fee', async () => {
    expect((await t.api('PUT', '/settings/hazard-fee', staff, { hazardFeeCents: 150000 })).statusCode).toBe(200);
    const seaNow = await t.api('POST', `/packages/${pkgId}/hazard`, staff, {
      level: 'hazardous',
      category: 'lithium_batteries',
      outcome: 'sea',
    });
    expect(seaNow.json()).toMatchObject({ mode: 'SEA', hazardOutcome: 'sea', hazardFeeCents: null });
    sea = (await t.api('POST', '/manifests', staff, { type: 'SEA' })).json().id;
    expect((await t.api('POST', `/manifests/${sea}/packages`, staff, { packageIds: [pkgId] })).statusCode).toBe(200);

    const banned = (await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'HAZ-0002', mailbox, mode: 'SEA' })).json();
    expect(
      (await t.api('POST', `/packages/${banned.id}/hazard`, staff, { level: 'prohibited', category: 'other', outcome: 'sea' })).statusCode,
    ).toBe(400);
    const ret = await t.api('POST', `/packages/${banned.id}/hazard`, staff, { level: 'prohibited', category: 'other', outcome: 'return' });
    expect(ret.json()).toMatchObject({ hazardOutcome: 'return', hazardFeeCents: 150000 });
    const refused = await t.api('POST', `/manifests/${sea}/packages`, staff, { packageIds: [banned.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WAREHOUSE_MESSAGES.prohibited(banned.packageNumber));
  });

  it('bills the return fee once, on an invoice of its own when staff mark the parcel returned', async () => {
    expect((await t.api('PUT', '/settings/hazard-fee', staff, { hazardFeeCents: 120000 })).statusCode).toBe(200);
    const p = (await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'HAZ-FEE-1', mailbox })).json();
    const flagged = await t.api('POST', `/packages/${p.id}/hazard`, staff, { level: 'hazardous', category: 'aerosols', outcome: 'return' });
    expect(flagged.json()).toMatchObject({ hazardFeeCents: 120000 });
    // Marked for return, the fee is invoiced at once on an invoice of its own, a line naming the fee.
    const atFlag = await t.db.select().from(invoiceLines).where(eq(invoiceLines.packageId, p.id));
    expect(atFlag.map((l) => [l.kind, l.description, l.amountCents])).toEqual([
      ['hazard_fee', `Hazardous goods return/disposal ${p.packageNumber}`, 120000],
    ]);
    const [feeInvoice] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, atFlag[0]?.invoiceId ?? 0));
    expect(feeInvoice).toMatchObject({ customerId, totalCents: 120000, status: 'unpaid' });
    const mail = await t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%: Invoice ${feeInvoice?.invoiceNo}: JMD 1,200.00 due`));
    expect(mail[0]?.textBody).toContain(`Your parcel ${p.packageNumber} will be returned to the sender.`);
    // Flagged again (a new note), it is not charged twice; nor when the parcel is invoiced after all.
    await t.api('POST', `/packages/${p.id}/hazard`, staff, { level: 'hazardous', category: 'aerosols', outcome: 'return', note: 'Boxed' });
    await t.db.update(packages).set({ status: 'ready_for_pickup', readyAt: new Date() }).where(eq(packages.id, p.id));
    const issued = await t.api('POST', '/invoices', staff, { customerId, packageIds: [p.id] });
    expect(issued.statusCode, issued.body).toBe(201);
    const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.packageId, p.id));
    const fee = lines.filter((l) => l.kind === 'hazard_fee');
    expect(fee.map((l) => l.amountCents)).toEqual([120000]);
    // Priced again (customs assessed), the invoice still carries it once.
    const again = await t.api('PUT', `/invoices/${issued.json().invoiceNo}/customs`, staff, { packageId: p.id, assessedCents: 0 });
    expect(again.statusCode, again.body).toBeLessThan(300);
    const after = await t.db.select().from(invoiceLines).where(eq(invoiceLines.packageId, p.id));
    expect(after.filter((l) => l.kind === 'hazard_fee').map((l) => l.amountCents)).toEqual([120000]);
  });

  it('refuses a flag without a category, and another courier cannot flag our parcel', async () => {
    const p = (await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'HAZ-0003', mailbox })).json();
    const none = await t.api('POST', `/packages/${p.id}/hazard`, staff, { level: 'hazardous' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(WAREHOUSE_MESSAGES.hazardCategoryRequired);
    expect((await t.api('POST', `/packages/${p.id}/hazard`, other, { level: 'hazardous', category: 'aerosols' })).statusCode).toBe(404);
  });
});

describe('shelves', () => {
  let held: { id: number; packageNumber: string };
  let plain: { id: number; packageNumber: string };
  it('puts a parcel away by scan, then moves it; each a line of its timeline', async () => {
    for (const code of ['S-01-1', 'S-01-2']) expect((await t.api('POST', '/shelves', staff, { branchId, code })).statusCode).toBe(201);
    expect((await t.api('POST', '/shelves', staff, { branchId, code: 'hold-9', isHold: true })).json()).toMatchObject({
      code: 'HOLD-9',
      isHold: true,
    });
    expect((await t.api('POST', '/shelves', staff, { branchId, code: 'S-01-1' })).json().message).toBe(
      WAREHOUSE_MESSAGES.shelfCodeTaken('S-01-1'),
    );
    plain = (await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'SHELF-0001', mailbox })).json();
    const put = await t.api('POST', '/shelves/put-away', staff, { scan: plain.packageNumber, shelf: 's-01-1' });
    expect(put.json()).toMatchObject({
      shelfCode: 'S-01-1',
      fromShelfCode: null,
      message: WAREHOUSE_MESSAGES.putAway(plain.packageNumber, 'S-01-1'),
    });
    const moved = await t.api('POST', '/shelves/put-away', staff, { scan: 'SHELF-0001', shelf: 'S-01-2' });
    expect(moved.json().message).toBe(WAREHOUSE_MESSAGES.moved(plain.packageNumber, 'S-01-1', 'S-01-2'));
    const again = await t.api('POST', '/shelves/put-away', staff, { scan: plain.packageNumber, shelf: 'S-01-2' });
    expect(again.statusCode).toBe(409);
    const detail = (await t.api('GET', `/packages/${plain.id}`, staff)).json();
    expect(detail.shelfCode).toBe('S-01-2');
    expect(detail.events.map((e: { note: string | null }) => e.note)).toEqual(
      expect.arrayContaining([`${plain.packageNumber} put away on S-01-1`, `${plain.packageNumber} moved from S-01-1 to S-01-2`]),
    );
  });

  it('a held parcel goes only on a hold shelf, and a hold shelf takes only held parcels', async () => {
    held = (await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'SHELF-0002', mailbox })).json();
    await t.api('POST', `/packages/${held.id}/status`, staff, { status: 'on_hold', note: 'Customs query' });
    const wrong = await t.api('POST', '/shelves/put-away', staff, { scan: held.packageNumber, shelf: 'S-01-1' });
    expect(wrong.json().message).toBe(WAREHOUSE_MESSAGES.heldToHoldShelf(held.packageNumber));
    expect((await t.api('POST', '/shelves/put-away', staff, { scan: held.packageNumber, shelf: 'HOLD-9' })).statusCode).toBe(200);
    const notHeld = await t.api('POST', '/shelves/put-away', staff, { scan: plain.packageNumber, shelf: 'HOLD-9' });
    expect(notHeld.json().message).toBe(WAREHOUSE_MESSAGES.notHeldOnHoldShelf(plain.packageNumber, 'HOLD-9'));
  });

  it("refuses a shelf of another branch than the station's, or (for a clerk of no branch) the parcel's", async () => {
    const [courier] = await t.db.select({ courierId: branches.courierId }).from(branches).where(eq(branches.id, branchId));
    const [far] = await t.db
      .insert(branches)
      .values({ courierId: courier?.courierId ?? 0, name: 'Far branch' })
      .returning();
    const farId = far?.id ?? 0;
    expect((await t.api('POST', '/shelves', staff, { branchId: farId, code: 'F-01-1' })).statusCode).toBe(201);
    const [home] = await t.db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
    const parcel = (await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'SHELF-BRANCH-1', mailbox })).json();
    // The admin has no branch: the parcel's branch decides.
    const [row] = await t.db.select({ branchId: packages.branchId }).from(packages).where(eq(packages.id, parcel.id));
    expect(row?.branchId).toBe(branchId);
    const refused = await t.api('POST', '/shelves/put-away', staff, { scan: parcel.packageNumber, shelf: 'F-01-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WAREHOUSE_MESSAGES.shelfOtherBranch('F-01-1', 'Far branch'));
    // A clerk at the far branch's station may use its shelves, not the home branch's.
    const clerk = (await makeUser(t, courier?.courierId ?? 0, 'staff', ['packages_scan', 'packages_view'], farId)).token;
    const home1 = await t.api('POST', '/shelves/put-away', clerk, { scan: parcel.packageNumber, shelf: 'S-01-1' });
    expect(home1.statusCode).toBe(409);
    expect(home1.json().message).toBe(WAREHOUSE_MESSAGES.shelfOtherStation('S-01-1', home?.name ?? '', 'Far branch'));
    expect((await t.api('POST', '/shelves/put-away', clerk, { scan: parcel.packageNumber, shelf: 'F-01-1' })).statusCode).toBe(200);
    expect((await t.api('GET', `/packages/${parcel.id}`, staff)).json().shelfCode).toBe('F-01-1');
  });

  it('lists shelves with their counts and prints labels and a shelf list', async () => {
    const list = (await t.api('GET', `/shelves?branchId=${branchId}`, staff)).json();
    expect(list.find((s: { code: string }) => s.code === 'S-01-2').parcelCount).toBe(1);
    const shelfId = list.find((s: { code: string }) => s.code === 'S-01-2').id;
    const pdf = await t.api('GET', `/shelves/${shelfId}/list.pdf`, staff);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const labels = await t.api('GET', `/shelves/labels.pdf?branchId=${branchId}`, staff);
    expect((labels.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(7);
    expect((await t.api('DELETE', `/shelves/${shelfId}`, staff)).json().message).toBe(WAREHOUSE_MESSAGES.shelfHasParcels('S-01-2', 1));
  });

  it('keeps couriers apart: another courier sees none of our shelves and cannot scan onto them', async () => {
    expect((await t.api('GET', '/shelves', other)).json()).toEqual([]);
    const mine = (await t.api('GET', '/shelves', staff)).json()[0];
    expect((await t.api('GET', `/shelves/${mine.id}/list.pdf`, other)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/shelves/${mine.id}`, other)).statusCode).toBe(404);
    expect((await t.api('POST', '/shelves', other, { branchId, code: 'X-1' })).statusCode).toBe(404);
    expect((await t.api('POST', '/shelves', other, { branchId: otherBranchId, code: 'S-01-1' })).statusCode).toBe(201);
    const theirs = (await t.api('POST', '/packages', other, { weightLb: 2, trackingNumber: 'OTHER-0001' })).json();
    // Their S-01-1 is theirs; our parcel is not found from their side.
    expect((await t.api('POST', '/shelves/put-away', other, { scan: plain.packageNumber, shelf: 'S-01-1' })).statusCode).toBe(404);
    expect((await t.api('POST', '/shelves/put-away', other, { scan: theirs.packageNumber, shelf: 'S-01-1' })).statusCode).toBe(200);
    expect((await t.api('GET', `/packages/${plain.id}`, staff)).json().shelfCode).toBe('S-01-2');
  });
});

describe('several pieces, one shipment', () => {
  const tracking = '1Z999AA19999990001';
  const boxes: Array<{ id: number; packageNumber: string }> = [];
  it('receives piece 1 of 3, then the next pieces, each its own package and weight; complete at 3 of 3', async () => {
    const first = await t.api('POST', '/packages', staff, { trackingNumber: tracking, mailbox, pieceCount: 3, weightLb: 4 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ pieceNumber: 1, pieceCount: 3, piecesIn: 1, customerId });
    boxes.push(first.json());
    const second = await t.api('POST', '/packages', staff, { trackingNumber: tracking, weightLb: 6.5 });
    expect(second.json()).toMatchObject({ pieceNumber: 2, pieceCount: 3, piecesIn: 2, customerId, weightLb: 6.5 });
    boxes.push(second.json());
    expect(second.json().packageNumber).not.toBe(first.json().packageNumber);
    const taken = await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: tracking, pieceNumber: 2 });
    expect(taken.json().message).toBe(WAREHOUSE_MESSAGES.pieceTaken(tracking, 2, second.json().packageNumber));
    const differs = await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: tracking, pieceCount: 4 });
    expect(differs.json().message).toBe(WAREHOUSE_MESSAGES.piecesDiffer(tracking, 3));
    const third = await t.api('POST', '/packages', staff, { trackingNumber: tracking, weightLb: 1 });
    boxes.push(third.json());
    expect(third.json()).toMatchObject({ pieceNumber: 3, piecesIn: 3 });
    expect((await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: tracking })).json().message).toBe(
      WAREHOUSE_MESSAGES.allPiecesIn(tracking, 3),
    );
    expect((await t.api('GET', `/packages/${boxes[0]?.id}`, staff)).json().piecesIn).toBe(3);
  });

  it('the next pieces carry the merchant and contents the first piece was received with; its value is declared on piece 1 only', async () => {
    const tracking2 = `1ZCARRY${Date.now()}`;
    const first = await t.api('POST', '/packages', staff, {
      trackingNumber: tracking2,
      mailbox,
      pieceCount: 2,
      weightLb: 3,
      merchant: 'Amazon',
      description: 'Chairs',
      declaredValueUsdCents: 4599,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await t.api('POST', '/packages', staff, { trackingNumber: tracking2, weightLb: 2 });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ pieceNumber: 2, merchant: 'Amazon', description: 'Chairs', declaredValueUsdCents: 0 });
    expect(first.json()).toMatchObject({ pieceNumber: 1, declaredValueUsdCents: 4599 });
  });

  it('a single box already in is a duplicate, unless the clerk says it has several boxes', async () => {
    const one = (await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'PIECES-2', mailbox })).json();
    expect((await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'PIECES-2' })).statusCode).toBe(409);
    const two = await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'PIECES-2', pieceCount: 2 });
    expect(two.json()).toMatchObject({ pieceNumber: 2, pieceCount: 2, piecesIn: 2 });
    expect((await t.api('GET', `/packages/${one.id}`, staff)).json()).toMatchObject({ pieceNumber: 1, pieceCount: 2 });
  });

  it('manifests count pieces, and reconciliation takes each box by its own number', async () => {
    const m = (await t.api('POST', '/manifests', staff, { type: 'AIR', mawbOrBl: '176-12345675' })).json();
    const added = await t.api('POST', `/manifests/${m.id}/packages`, staff, { packageIds: boxes.map((b) => b.id) });
    expect(added.json().pieces).toBe(3);
    expect((await t.api('POST', `/manifests/${m.id}/close`, staff)).statusCode).toBe(200);
    expect((await t.api('POST', `/manifests/${m.id}/ship`, staff, {})).statusCode).toBe(200);
    expect((await t.api('POST', `/manifests/${m.id}/arrive`, staff)).statusCode).toBe(200);
    for (const b of boxes.slice(0, 2)) {
      const scan = await t.api('POST', `/manifests/${m.id}/reconciliation/scans`, staff, { trackingNumber: b.packageNumber });
      expect(scan.json().result, scan.body).toBe('expected');
    }
    const recon = (await t.api('GET', `/manifests/${m.id}/reconciliation`, staff)).json();
    expect(recon.received).toHaveLength(2);
    expect(recon.missing.map((l: { packageNumber: string }) => l.packageNumber)).toEqual([boxes[2]?.packageNumber]);
  });
});

describe('label printers', () => {
  let printer: Awaited<ReturnType<typeof fakePrinter>>;
  let pkg: { id: number; packageNumber: string };
  beforeAll(async () => {
    printer = await fakePrinter();
  });
  afterAll(() => new Promise<void>((r) => printer.server.close(() => r())));

  it('registers a printer at a branch (port 9100 by default) and refuses a bad address in our words', async () => {
    const def = await t.api('POST', '/label-printers', staff, { branchId, name: 'Default port', host: 'zebra-1.local' });
    expect(def.json()).toMatchObject({ port: 9100 });
    await t.api('DELETE', `/label-printers/${def.json().id}`, staff);
    const bad = await t.api('POST', '/label-printers', staff, { branchId, name: 'Bad', host: 'http://x/y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(WAREHOUSE_MESSAGES.printerHostShape);
  });

  it('prints a package label as exactly one ZPL label with its number, over raw TCP', async () => {
    const created = await t.api('POST', '/label-printers', staff, { branchId, name: 'Zebra bench', host: '127.0.0.1', port: printer.port });
    expect(created.statusCode).toBe(201);
    pkg = (await t.api('POST', '/packages', staff, { weightLb: 2, trackingNumber: 'PRINT-0001', mailbox })).json();
    const res = await t.api('POST', `/packages/${pkg.id}/print-label`, staff, { printerId: created.json().id });
    expect(res.json()).toMatchObject({ printed: true, printerName: 'Zebra bench', message: WAREHOUSE_MESSAGES.printed('Zebra bench') });
    await expect.poll(() => printer.jobs.length).toBe(1);
    const job = printer.jobs[0] ?? '';
    expect(job.match(/\^XA/g)).toHaveLength(1);
    expect(job.match(/\^XZ/g)).toHaveLength(1);
    expect(job).toContain(`^BCN,220,N,N,N^FD${pkg.packageNumber}^FS`);
    expect(job).not.toContain('HOLD');
    const test = await t.api('POST', `/label-printers/${created.json().id}/test`, staff);
    expect(test.json().printed).toBe(true);
    await expect.poll(() => printer.jobs.length).toBe(2);
    expect(printer.jobs[1]).toContain('TEST PRINT');
  });

  it('a held parcel prints HOLD big; without a printer id the branch printer is used', async () => {
    await t.api('POST', `/packages/${pkg.id}/status`, staff, { status: 'on_hold', note: 'Invoice query' });
    expect((await t.api('POST', `/packages/${pkg.id}/print-label`, staff, {})).json().printed).toBe(true);
    await expect.poll(() => printer.jobs.length).toBe(3);
    expect(printer.jobs[2]).toMatch(/\^FR\^FDHOLD\^FS/);
  });

  it('says so, without an error, when the printer cannot be reached (the station opens the PDF)', async () => {
    const closed = await fakePrinter();
    await new Promise<void>((r) => closed.server.close(() => r()));
    const dead = (
      await t.api('POST', '/label-printers', staff, { branchId, name: 'Unplugged', host: '127.0.0.1', port: closed.port })
    ).json();
    const res = await t.api('POST', `/packages/${pkg.id}/print-label`, staff, { printerId: dead.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ printed: false, message: WAREHOUSE_MESSAGES.printerUnreachable('Unplugged') });
  });

  it("a super admin prints only to a printer of the package's courier; a branch clerk only to their branch's", async () => {
    const admin = await loginAs(t, 'super_admin');
    const theirs = (await t.api('POST', '/packages', other, { weightLb: 2, trackingNumber: 'OTHER-PRINT-1' })).json();
    const otherPrinter = (
      await t.api('POST', '/label-printers', other, { branchId: otherBranchId, name: 'Their Zebra', host: '127.0.0.1', port: printer.port })
    ).json();
    const ours = (await t.api('GET', '/label-printers', staff)).json().find((p: { name: string }) => p.name === 'Zebra bench');
    // Our package to their printer, and theirs to ours: refused as if the printer did not exist.
    const cross = await t.api('POST', `/packages/${pkg.id}/print-label`, admin, { printerId: otherPrinter.id });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe(WAREHOUSE_MESSAGES.printerNotFound);
    expect((await t.api('POST', `/packages/${theirs.id}/print-label`, admin, { printerId: ours.id })).statusCode).toBe(404);
    // Without a printer id the super admin's print goes to the package's own courier's printer.
    const before = printer.jobs.length;
    const auto = await t.api('POST', `/packages/${theirs.id}/print-label`, admin, {});
    expect(auto.json()).toMatchObject({ printed: true, printerName: 'Their Zebra' });
    await expect.poll(() => printer.jobs.length).toBe(before + 1);
    expect(printer.jobs.at(-1)).toContain(theirs.packageNumber);
    // A clerk of a branch with no printer is told so (the PDF opens); another branch's printer is refused.
    const [courier] = await t.db.select({ courierId: branches.courierId }).from(branches).where(eq(branches.id, branchId));
    const [far] = await t.db
      .insert(branches)
      .values({ courierId: courier?.courierId ?? 0, name: 'Printless branch' })
      .returning();
    const clerk = (await makeUser(t, courier?.courierId ?? 0, 'staff', ['packages_scan', 'packages_view'], far?.id ?? null)).token;
    expect((await t.api('POST', `/packages/${pkg.id}/print-label`, clerk, {})).json()).toMatchObject({
      printed: false,
      message: WAREHOUSE_MESSAGES.noPrinter,
    });
    const elsewhere = await t.api('POST', `/packages/${pkg.id}/print-label`, clerk, { printerId: ours.id });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(WAREHOUSE_MESSAGES.printerOtherBranch('Zebra bench', ours.branchName));
    await t.api('DELETE', `/label-printers/${otherPrinter.id}`, other);
  });

  it('refuses a printer on this machine, link-local or the internet, in every spelling, in our words', async () => {
    for (const host of ['localhost', 'localhost.', '169.254.169.254', '::ffff:a9fe:a9fe', 'fe80::1', '8.8.8.8', '0.0.0.0']) {
      const res = await t.api('POST', '/label-printers', staff, { branchId, name: 'Probe', host, port: 80 });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().message).toBe(WAREHOUSE_MESSAGES.printerHostRefused);
    }
    const lan = await t.api('POST', '/label-printers', staff, { branchId, name: 'Warehouse LAN', host: '192.168.1.50' });
    expect(lan.statusCode).toBe(201);
    await t.api('DELETE', `/label-printers/${lan.json().id}`, staff);
  });

  it('in production never opens a socket to this machine, and a refused, closed or listening port all read the same', async () => {
    const production = printerPolicy({ NODE_ENV: 'production', PRINTER_NETWORKS: ['10.0.0.0/8', '192.168.0.0/16'] });
    const superAdmin: AuthUser = {
      id: 0,
      kind: 'user',
      role: 'super_admin',
      courierId: null,
      branchId: null,
      permissions: [],
      jti: 'x',
      exp: 0,
    };
    const jobs = printer.jobs.length;
    let connections = 0;
    printer.server.on('connection', () => connections++);
    const answers: string[] = [];
    for (const host of ['127.0.0.1', '::ffff:7f00:1', '2130706433', '127.1']) {
      const [row] = await t.db
        .insert(labelPrinters)
        .values({ courierId: (await courierOfBranch()) ?? 0, branchId, name: 'Inside', host, port: printer.port })
        .returning();
      const res = await testPrint(t.db, production, superAdmin, row?.id ?? 0);
      answers.push(`${res.printed} ${res.message}`);
      await t.db.delete(labelPrinters).where(eq(labelPrinters.id, row?.id ?? 0));
    }
    expect(connections).toBe(0);
    expect(printer.jobs.length).toBe(jobs);
    expect(new Set(answers)).toEqual(new Set([`false ${WAREHOUSE_MESSAGES.printerUnreachable('Inside')}`]));
  });

  it('keeps couriers apart: another courier neither sees nor uses our printers', async () => {
    const ours = (await t.api('GET', '/label-printers', staff)).json();
    expect(ours.length).toBeGreaterThan(0);
    expect((await t.api('GET', '/label-printers', other)).json()).toEqual([]);
    expect((await t.api('POST', `/label-printers/${ours[0].id}/test`, other)).statusCode).toBe(404);
    const theirs = (await t.api('POST', '/packages', other, { weightLb: 2, trackingNumber: 'OTHER-0002' })).json();
    expect((await t.api('POST', `/packages/${theirs.id}/print-label`, other, { printerId: ours[0].id })).statusCode).toBe(404);
  });
});
