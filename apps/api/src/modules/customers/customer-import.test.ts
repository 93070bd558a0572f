import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_IMPORT_MESSAGES as M, type CustomerImportResult } from '@courier/shared/schemas/customer-import';
import { nextMailboxNumber } from '../../db/seed';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { multipart } from '../../../test/multipart';

/** A courier brings its customers across from its old system, with the mailbox numbers they have. */
let t: TestApp;
let admin: string;
let demo: { id: number; code: string; apiKey: string };

const FILE = [
  'Customer #,First Name,Surname,E-mail,Mobile,Branch,Parish,TRN',
  'JXP-20500,Tamika,Reid,tamika.reid@old.test,876-555-0101,May Pen,Clarendon,123456789',
  '2046,Omar,Grant,omar.grant@old.test,876-555-0102,chapelton,St Catherine,',
  ',Kerry-Ann,Francis,kerry.francis@old.test,,,,',
  'JXP-20501,Bad,Mail,not-an-email,,,,',
  'JXP-20500,Twice,Box,twice.box@old.test,,,,',
  'JXP-3000,Already,Here,customer@example.test,,,,',
  'JXP-3001,Lost,Branch,lost.branch@old.test,,Montego Bay,,',
].join('\n');

/** The customers file as the import form uploads it. */
const csvFile = (file: string) => multipart({}, { field: 'file', name: 'customers.csv', type: 'text/csv', data: Buffer.from(file) });

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  admin = await loginAs(t, 'courier_admin');
  const [row] = await t.db
    .select({ id: couriers.id, code: couriers.code, apiKey: couriers.apiKey })
    .from(couriers)
    .where(eq(couriers.code, 'JXP'));
  if (!row) throw new Error('no demo courier');
  demo = row;
});
afterAll(async () => t?.close());

describe('customer import', () => {
  it('checks the file row by row and writes nothing on a dry run', async () => {
    const before = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.courierId, demo.id));
    const res = await t.api({ method: 'POST', url: '/customers/import?dryRun=true', token: admin, ...csvFile(FILE) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as CustomerImportResult;
    expect(body.columns).toMatchObject({
      mailboxNumber: 'Customer #',
      firstName: 'First Name',
      lastName: 'Surname',
      email: 'E-mail',
      phone: 'Mobile',
    });
    const byLine = new Map(body.rows.map((r) => [r.line, r]));
    expect(byLine.get(2)).toMatchObject({ mailboxNumber: 'JXP-20500', branchName: 'May Pen', problems: [] });
    expect(byLine.get(3)).toMatchObject({ mailboxNumber: 'JXP-2046', branchName: 'Chapelton', problems: [] });
    expect(byLine.get(4)).toMatchObject({ mailboxNumber: null, problems: [] });
    expect(byLine.get(5)?.problems).toEqual([M.emailInvalid('not-an-email')]);
    expect(byLine.get(6)?.problems).toEqual([M.mailboxTwice('JXP-20500', 2)]);
    expect(byLine.get(7)?.problems).toEqual([M.emailTaken('customer@example.test')]);
    expect(byLine.get(8)?.problems).toEqual([M.branchUnknown('Montego Bay')]);
    expect(body).toMatchObject({ ready: 3, refused: 4, imported: null, nextMailboxNumber: 'JXP-20501' });
    const after = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.courierId, demo.id));
    expect(after.length).toBe(before.length);
  });

  it('imports the good rows with their mailbox numbers, and numbering goes on after the highest', async () => {
    const res = await t.api({ method: 'POST', url: '/customers/import?dryRun=false', token: admin, ...csvFile(FILE) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as CustomerImportResult;
    expect(body).toMatchObject({ ready: 3, refused: 4, imported: 3 });
    const kept = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.courierId, demo.id), eq(customers.email, 'tamika.reid@old.test')));
    expect(kept[0]).toMatchObject({
      mailboxNumber: 'JXP-20500',
      firstName: 'Tamika',
      lastName: 'Reid',
      phone: '876-555-0101',
      parish: 'Clarendon',
      trn: '123456789',
    });
    expect(kept[0]?.importedAt).toBeInstanceOf(Date);
    expect(kept[0]?.invitedAt).toBeNull();
    const [omar] = await t.db.select().from(customers).where(eq(customers.email, 'omar.grant@old.test'));
    expect(omar).toMatchObject({ mailboxNumber: 'JXP-2046', parish: 'St. Catherine' });
    // A row without a number got the courier's next one, after the highest the file brought.
    const [kerry] = await t.db.select().from(customers).where(eq(customers.email, 'kerry.francis@old.test'));
    expect(kerry?.mailboxNumber).toBe('JXP-20501');
    expect(await nextMailboxNumber(t.db, demo.id, 'JXP')).toBe('JXP-20502');
    // The same file again: what came across is refused as existing, nothing is doubled.
    const again = (
      await t.api({ method: 'POST', url: '/customers/import?dryRun=false', token: admin, ...csvFile(FILE) })
    ).json() as CustomerImportResult;
    expect(again.imported).toBeNull();
    expect(again.rows.find((r) => r.line === 2)?.problems).toContain(M.emailTaken('tamika.reid@old.test'));
    expect(again.rows.find((r) => r.line === 2)?.problems).toContain(M.mailboxTaken('JXP-20500'));
  });

  it('invites the imported customers once, and the link lets them choose a password and sign in', async () => {
    const pending = await t.api('GET', '/customers/invitations', admin);
    expect(pending.json()).toEqual({ pending: 3 });
    const sent = await t.api('POST', '/customers/invitations', admin);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ invited: 3, remaining: 0, message: M.invited(3) });
    const [mail, ...more] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'tamika.reid@old.test'));
    expect(more).toEqual([]);
    expect(mail?.textBody).toContain('JXP-20500');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
    if (!token) throw new Error('no password link in the invitation');
    const reset = await t.api('POST', '/auth/reset-password', null, { token, newPassword: 'Tamika#Moved2026' });
    expect(reset.statusCode).toBe(200);
    const login = await t.api('POST', '/customers/login', null, {
      email: 'tamika.reid@old.test',
      password: 'Tamika#Moved2026',
      api_key: demo.apiKey,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().customer.mailboxNumber).toBe('JXP-20500');
    const twice = await t.api('POST', '/customers/invitations', admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.nothingToInvite);
  });

  it('keeps each courier to its own customers, and only people who may edit customers import', async () => {
    const other = await makeCourier(t, 'OTH');
    const otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
    await t.db.insert(branches).values({ courierId: other.id, name: 'Kingston', code: 'KGN' });
    // The same people may be customers of another courier; its numbers are its own.
    const res = await t.api({
      method: 'POST',
      url: '/customers/import?dryRun=false',
      token: otherAdmin,
      ...csvFile('Mailbox,Name,Email\n2045,Tamika Reid,tamika.reid@old.test\n'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, nextMailboxNumber: 'OTH-2046' });
    // Its invitations are its own: the demo courier's admin has none left to send, this one has one.
    const theirsPending = await t.api('GET', '/customers/invitations', otherAdmin);
    expect(theirsPending.json()).toEqual({ pending: 1 });
    const [theirs] = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.courierId, other.id), eq(customers.email, 'tamika.reid@old.test')));
    expect(theirs).toMatchObject({ mailboxNumber: 'OTH-2045', firstName: 'Tamika', lastName: 'Reid' });
    expect(
      (await t.api({ method: 'POST', url: '/customers/import?dryRun=true', token: await loginAs(t, 'staff'), ...csvFile(FILE) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.api({ method: 'POST', url: '/customers/import?dryRun=true', token: await loginAs(t, 'customer'), ...csvFile(FILE) }))
        .statusCode,
    ).toBe(403);
  });

  it('answers a file it cannot use in our words', async () => {
    const noEmail = await t.api({ method: 'POST', url: '/customers/import?dryRun=true', token: admin, ...csvFile('Name,Phone\nA B,1\n') });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(M.noEmailColumn);
    const empty = await t.api('POST', '/customers/import', admin);
    expect(empty.statusCode).toBe(400);
  });
});
