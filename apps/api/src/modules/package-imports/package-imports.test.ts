import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import { DEFAULT_TEMPLATE } from '@courier/shared/schemas/messaging';
import { auditLog } from '../../db/schema/audit-log';
import { emailOutbox } from '../../db/schema/email';
import { customerPhones, messageOutbox, messagingProviders, pushSubscriptions } from '../../db/schema/messaging';
import { notifications } from '../../db/schema/notifications';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let admin: string;
let staff: string;
let otherAdmin: string;
let courierId: number;
let jane: Awaited<ReturnType<typeof makeCustomer>>;
let mark: Awaited<ReturnType<typeof makeCustomer>>;
const tag = letterTag(5);
const trk = (n: number) => `IMP${tag}${String(n).padStart(4, '0')}`;

beforeAll(async () => {
  t = await buildTestApp();
  const courier = await makeCourier(t, `I${tag}`);
  courierId = courier.id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  staff = (await makeUser(t, courierId, 'staff')).token;
  otherAdmin = (await makeUser(t, (await makeCourier(t, `J${tag}`)).id, 'courier_admin')).token;
  jane = await makeCustomer(t, courierId, { mailboxNumber: `JM${tag}`, firstName: 'Jane', lastName: `Brown${tag}` });
  mark = await makeCustomer(t, courierId, { mailboxNumber: `MK${tag}`, firstName: 'Mark', lastName: `Reid${tag}` });
  // Mark pre-alerted a parcel the agent's file lists with no mailbox: the pre-alert names him.
  await t.db.insert(preAlerts).values({
    courierId,
    customerId: mark.id,
    trackingNumber: trk(3),
    merchant: 'Amazon',
    description: 'Shoes',
    declaredValueUsdCents: 4500,
    invoicePath: 'pre-alert-invoices/x.pdf',
  });
  // Both have the app on a phone; the courier texts arrivals (TEST simulator) and Jane confirmed her number.
  await t.db
    .insert(pushSubscriptions)
    .values(
      [jane, mark].map((c) => ({ courierId, customerId: c.id, endpoint: `https://push.test/${tag}/${c.id}`, p256dh: 'k', auth: 'a' })),
    );
  await t.db.insert(messagingProviders).values({
    courierId,
    baseUrl: 'http://127.0.0.1:9/TEST',
    accountSid: 'ACtest',
    authTokenSealed: 'sealed',
    smsFrom: '+18765550000',
    events: { package_received: { sms: true, whatsapp: false, template: DEFAULT_TEMPLATE } },
  });
  await t.db.insert(customerPhones).values({ customerId: jane.id, courierId, phone: '+18765551234', confirmedAt: new Date() });
});
afterAll(async () => t?.close());

const upload = (name: string, data: Buffer, token = admin) => {
  const body = multipart({}, { field: 'file', name, type: 'text/csv', data });
  return t.api({ method: 'POST', url: '/package-imports', token, ...body });
};

async function finished(id: number) {
  for (let i = 0; i < 200; i++) {
    const res = await t.api('GET', `/package-imports/${id}`, admin);
    if (res.json().status !== 'importing') return res.json();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

const csv = () =>
  [
    'Tracking #,Cust Ref,Consignee,Weight,Dims,Pcs,Shipper,Contents,Value,Date',
    `${trk(1)},JM${tag},,12.5 lb,10x8x4,1,Amazon,Books,$45.00,11/20/2026`,
    `${trk(2)},,Jane Brown${tag},3,,,Shein,Dress,20,2026-11-21`,
    `${trk(3)},,,2.25,,,,,,`,
    `${trk(4)},ZZ999,,1,,,,,,`,
    `${trk(5)},JM${tag},,heavy,,,,,,`,
    `${trk(1)},JM${tag},,12.5,,,,,,`,
    `,JM${tag},,4,,,,,,`,
    `${trk(6)},,,5,12 x 9 x 3,N/A,Nike,Shoes,9999999999,13/45/2026`,
  ].join('\r\n');

describe('bulk receive from a warehouse file', () => {
  let id: number;
  const mapping = {
    trackingNumber: 'Tracking #',
    mailbox: 'Cust Ref',
    consignee: 'Consignee',
    weightLb: 'Weight',
    dimensions: 'Dims',
    pieces: 'Pcs',
    merchant: 'Shipper',
    description: 'Contents',
    valueUsd: 'Value',
    receivedDate: 'Date',
  };

  it('reads the file and guesses the columns it can name', async () => {
    const res = await upload('agent.csv', Buffer.from(csv()));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    id = body.id;
    expect(body).toMatchObject({ status: 'uploaded', totalRows: 8, fileName: 'agent.csv' });
    expect(body.headers).toContain('Cust Ref');
    // "Cust Ref" is no word an agent's system uses for the mailbox: the admin chooses it.
    expect(body.mapping).toMatchObject({ trackingNumber: 'Tracking #', weightLb: 'Weight', consignee: 'Consignee', dimensions: 'Dims' });
    expect(body.mapping.mailbox).toBeUndefined();
  });

  it('refuses a mapping without the tracking number column, and other couriers and staff', async () => {
    const bad = await t.api('POST', `/package-imports/${id}/preview`, admin, { mapping: { weightLb: 'Weight' } });
    expect(bad.json().mappingProblems).toContain(IMPORT_MESSAGES.trackingColumnMissing);
    expect((await t.api('GET', `/package-imports/${id}`, otherAdmin)).statusCode).toBe(404);
    expect((await t.api('POST', `/package-imports/${id}/preview`, otherAdmin, { mapping })).statusCode).toBe(404);
    expect((await t.api('GET', '/package-imports', staff)).statusCode).toBe(403);
  });

  it('checks every row in the preview, in our words', async () => {
    const res = await t.api('POST', `/package-imports/${id}/preview`, admin, { mapping });
    expect(res.statusCode).toBe(200);
    const { rows, counts } = res.json();
    const byRow = (n: number) => rows.find((r: { row: number }) => r.row === n);
    expect(byRow(2)).toMatchObject({ outcome: 'received', customer: `JM${tag} Jane Brown${tag}` });
    expect(byRow(3)).toMatchObject({ outcome: 'received', customer: `JM${tag} Jane Brown${tag}` });
    expect(byRow(4)).toMatchObject({ outcome: 'received', preAlertMatched: true, customer: `MK${tag} Mark Reid${tag}` });
    expect(byRow(5)).toMatchObject({ outcome: 'unknown', messages: [IMPORT_MESSAGES.mailboxUnknown('ZZ999')] });
    expect(byRow(6)).toMatchObject({ outcome: 'invalid', messages: [IMPORT_MESSAGES.weightBad('heavy')] });
    expect(byRow(7)).toMatchObject({ outcome: 'duplicate_in_file', messages: [IMPORT_MESSAGES.duplicateInFile(2)] });
    expect(byRow(8)).toMatchObject({ outcome: 'invalid', messages: [IMPORT_MESSAGES.trackingMissing] });
    // A refused row names its tracking number, to be found in the file.
    expect(byRow(6)).toMatchObject({ trackingNumber: trk(5) });
    // N/A, a bad value or date: the parcel is at the agent, so it is kept with the field left empty.
    expect(byRow(9)).toMatchObject({ outcome: 'unknown', trackingNumber: trk(6) });
    expect(byRow(9).messages).toEqual([
      IMPORT_MESSAGES.noCustomer,
      IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.placeholder('pieces', 'N/A')),
      IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.valueBad('9999999999')),
      IMPORT_MESSAGES.keptToday(IMPORT_MESSAGES.dateBad('13/45/2026')),
    ]);
    expect(counts).toEqual({ received: 3, unknown: 2, alreadyReceived: 0, duplicates: 1, invalid: 2, preAlertsMatched: 1 });
    // The preview writes no package.
    expect(await t.db.select().from(packages).where(eq(packages.courierId, courierId))).toHaveLength(0);
  });

  it('imports the good rows as received at the US warehouse, matches the pre-alert, sends the unknown one to Unknown', async () => {
    const res = await t.api('POST', `/package-imports/${id}/import`, admin, { mapping });
    expect(res.statusCode).toBe(202);
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'done', processedRows: 8, counts: { received: 3, unknown: 2, invalid: 2, duplicates: 1 } });
    const rows = await t.db.select().from(packages).where(eq(packages.courierId, courierId));
    expect(rows).toHaveLength(5);
    expect(rows.find((p) => p.trackingNumber === trk(6))).toMatchObject({ declaredValueUsdCents: null, lengthIn: 12, pieceCount: 1 });
    const one = rows.find((p) => p.trackingNumber === trk(1));
    expect(one).toMatchObject({
      status: 'received',
      customerId: jane.id,
      weightLb: 12.5,
      lengthIn: 10,
      widthIn: 8,
      heightIn: 4,
      declaredValueUsdCents: 4500,
      merchant: 'Amazon',
    });
    expect(rows.find((p) => p.trackingNumber === trk(3))).toMatchObject({ status: 'received', customerId: mark.id, description: 'Shoes' });
    expect(rows.find((p) => p.trackingNumber === trk(4))).toMatchObject({ status: 'unknown', customerId: null });
    const [pre] = await t.db
      .select()
      .from(preAlerts)
      .where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.trackingNumber, trk(3))));
    expect(pre?.status).toBe('received');
    expect(done.rows.find((r: { row: number }) => r.row === 2).packageNumber).toMatch(/^PKG-\d{6}$/);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.courierId, courierId), eq(auditLog.action, 'package.imported')));
    expect(entry?.details).toMatchObject({ received: 3, unknown: 2 });
  });

  it('tells each customer once per import by push, text and e-mail, with a feed entry per package', async () => {
    const outbox = await t.db.select().from(messageOutbox).where(eq(messageOutbox.courierId, courierId));
    const janes = outbox.filter((m) => m.customerId === jane.id);
    // Jane has two packages in the file: one push and one SMS that say so, not two of each.
    expect(janes.map((m) => m.channel).sort()).toEqual(['push', 'sms']);
    expect(janes.find((m) => m.channel === 'push')).toMatchObject({
      event: 'package_received',
      title: '2 packages received at our Miami warehouse',
      link: '/customer/packages',
    });
    expect(janes.find((m) => m.channel === 'push')?.body).toContain(trk(1));
    expect(janes.find((m) => m.channel === 'sms')).toMatchObject({ test: true, toAddress: '+18765551234' });
    expect(janes.find((m) => m.channel === 'sms')?.body).toContain('2 packages received at our Miami warehouse');
    // Mark has one: it reads as a single package does, linked to it.
    const marks = outbox.filter((m) => m.customerId === mark.id);
    expect(marks).toHaveLength(1);
    expect(marks[0]?.title).toMatch(/^Package received at our Miami warehouse: PKG-\d{6}$/);
    expect(marks[0]?.link).toMatch(/^\/customer\/packages\?search=PKG-\d{6}$/);
    const feed = await t.db.select().from(notifications).where(eq(notifications.courierId, courierId));
    expect(feed.filter((n) => n.customerId === jane.id)).toHaveLength(2);
    expect(feed.filter((n) => n.customerId === mark.id)).toHaveLength(1);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.courierId, courierId));
    // One e-mail each: Jane's lists her two packages.
    const janesMail = mails.filter((m) => m.toAddress === jane.email);
    expect(janesMail).toHaveLength(1);
    expect(janesMail[0]?.subject).toMatch(/2 packages received at our Miami warehouse$/);
    expect(janesMail[0]?.textBody).toContain(trk(1));
    expect(mails.filter((m) => m.toAddress === mark.email)).toHaveLength(1);
  });

  it('runs again when rows were refused, doubling nothing', async () => {
    const res = await t.api('POST', `/package-imports/${id}/import`, admin, { mapping });
    expect(res.statusCode).toBe(202);
    expect((await finished(id)).counts).toMatchObject({ received: 0, unknown: 0, alreadyReceived: 5, invalid: 2 });
    expect(await t.db.select().from(packages).where(eq(packages.courierId, courierId))).toHaveLength(5);
  });

  it('downloads the report, one line per row', async () => {
    const res = await t.api('GET', `/package-imports/${id}/report.csv`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('agent-report.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Row,Tracking number,Result,Package,Customer,Pre-alert matched,Messages');
    expect(lines).toHaveLength(9);
    expect(lines.find((l) => l.startsWith('6,'))).toContain('Not imported');
  });

  it('remembers the mapping, and importing the same file again creates nothing twice', async () => {
    const again = await upload('agent-again.csv', Buffer.from(csv()));
    expect(again.json().mapping).toEqual(mapping);
    const againId = again.json().id;
    const preview = await t.api('POST', `/package-imports/${againId}/preview`, admin, { mapping });
    expect(preview.json().counts).toMatchObject({ received: 0, unknown: 0, alreadyReceived: 5 });
    await t.api('POST', `/package-imports/${againId}/import`, admin, { mapping });
    const done = await finished(againId);
    expect(done.counts).toMatchObject({ received: 0, alreadyReceived: 5 });
    expect(await t.db.select().from(packages).where(eq(packages.courierId, courierId))).toHaveLength(5);
    // Nobody hears twice of packages received once.
    expect(await t.db.select().from(messageOutbox).where(eq(messageOutbox.courierId, courierId))).toHaveLength(3);
  });

  it('reads an Excel workbook the same way', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Received');
    sheet.addRow(['Tracking Number', 'Mailbox', 'Weight (lb)']);
    sheet.addRow([trk(20), `MK${tag}`, 7.5]);
    sheet.addRow([trk(21), `MK${tag}`, 'n/a']);
    const res = await upload('agent.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(201);
    const preview = await t.api('POST', `/package-imports/${res.json().id}/preview`, admin, { mapping: res.json().mapping });
    expect(preview.json().counts).toMatchObject({ received: 1, invalid: 1 });
  });

  it('refuses a file that is neither CSV nor a workbook', async () => {
    const res = await upload('photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(IMPORT_MESSAGES.notReadable);
  });
});
