import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORISED_PEOPLE_MAX, AUTHORISED_PEOPLE_MESSAGES } from '@courier/shared/schemas/authorised-people';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, aTill, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { collectionSignatures } from '../../db/schema/collection-signatures';
import { couriers } from '../../db/schema/couriers';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';

/** People a customer lets collect for them: their own list only, and the release that names them. */
let t: TestApp;
let courierId: number;
let admin: string;
let ann: { id: number; token: string };
let bob: { id: number; token: string };
let seq = 0;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PATH = '/customers/profile/authorised-people';
const JANE = { name: 'Jane Collector', idType: 'passport', idNumber: 'A1234567', phone: '876 555 0101' } as const;

async function add(token: string, person: Record<string, string> = JANE) {
  const res = await t.api('POST', PATH, token, person);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string };
}

/** A ready parcel of the customer on a paid invoice: it waits at the counter. */
async function paidAtCounter(customerId: number) {
  seq += 1;
  const [pkg] = await t.db
    .insert(packages)
    .values({
      courierId,
      packageNumber: `PKG-AP${seq}`,
      trackingNumber: `1ZAP${seq}`,
      customerId,
      status: 'ready_for_pickup',
      weightLb: 2,
      readyAt: new Date(),
    })
    .returning();
  if (!pkg) throw new Error('package insert failed');
  const inv = await t.api('POST', '/invoices', admin, { customerId, packageIds: [pkg.id] });
  expect(inv.statusCode, inv.body).toBe(201);
  const invoiceNo = inv.json().invoiceNo as string;
  const balance = (await t.api('GET', `/invoices/${invoiceNo}`, admin)).json().balanceCents as number;
  const paid = await t.api('POST', '/payments', admin, {
    method: 'cash',
    branchId: await aTill(t, courierId),
    allocations: [{ invoiceNo, amountCents: balance }],
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return { pkg, invoiceNo };
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  admin = await loginAs(t, 'courier_admin');
  ann = await makeCustomer(t, courierId);
  bob = await makeCustomer(t, courierId);
});
afterAll(async () => t?.close());

describe("the customer's authorised people", () => {
  it('adds, lists and removes them, checking each field in our words', async () => {
    const bad = await t.api('POST', PATH, ann.token, { ...JANE, name: ' ', idNumber: 'A#1', phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(AUTHORISED_PEOPLE_MESSAGES.nameRequired);
    const jane = await add(ann.token);
    const list = await t.api('GET', PATH, ann.token);
    expect(list.json()).toEqual([expect.objectContaining({ id: jane.id, ...JANE })]);
    const removed = await t.api('DELETE', `${PATH}/${jane.id}`, ann.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.api('GET', PATH, ann.token)).json()).toEqual([]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.courierId, courierId), eq(auditLog.entityId, String(ann.id))));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['customer.authorised_person_added', 'customer.authorised_person_removed']),
    );
  });

  it('keeps at most the limit', async () => {
    const c = await makeCustomer(t, courierId);
    for (let i = 0; i < AUTHORISED_PEOPLE_MAX; i += 1) await add(c.token, { ...JANE, name: `Person ${i}` });
    const res = await t.api('POST', PATH, c.token, JANE);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AUTHORISED_PEOPLE_MESSAGES.tooMany);
  });

  it("another customer can neither read nor remove them, nor can another courier's customer", async () => {
    const jane = await add(ann.token);
    expect((await t.api('GET', PATH, bob.token)).json()).toEqual([]);
    const theirs = await t.api('DELETE', `${PATH}/${jane.id}`, bob.token);
    expect(theirs.statusCode).toBe(404);
    const other = await makeCourier(t, `AP${Date.now() % 10000}`);
    const stranger = await makeCustomer(t, other.id);
    expect((await t.api('GET', PATH, stranger.token)).json()).toEqual([]);
    expect((await t.api('DELETE', `${PATH}/${jane.id}`, stranger.token)).statusCode).toBe(404);
    // Staff have no door to a customer's list of their own: they read it on the collection screen.
    expect((await t.api('GET', PATH, admin)).statusCode).toBe(403);
    expect((await t.api('GET', PATH, ann.token)).json()).toEqual([expect.objectContaining({ id: jane.id })]);
  });
});

describe('collection by an authorised person', () => {
  it('shows the list to the counter and records the name and checked ID on the history, signature and audit', async () => {
    const c = await makeCustomer(t, courierId);
    const jane = await add(c.token);
    const { pkg, invoiceNo } = await paidAtCounter(c.id);
    const view = await t.api('GET', `/collections/${invoiceNo}`, admin);
    expect(view.json().authorisedPeople).toEqual([expect.objectContaining({ id: jane.id, name: JANE.name, idNumber: JANE.idNumber })]);

    const unchecked = await t.api('POST', `/collections/${invoiceNo}`, admin, {
      collectorName: 'x',
      signature: PNG,
      authorisedPersonId: jane.id,
    });
    expect(unchecked.statusCode).toBe(422);
    expect(unchecked.json().message).toBe(AUTHORISED_PEOPLE_MESSAGES.idNotChecked);

    const res = await t.api('POST', `/collections/${invoiceNo}`, admin, {
      collectorName: 'Typed name is ignored',
      signature: PNG,
      authorisedPersonId: jane.id,
      idChecked: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const signatures = await t.db.select().from(collectionSignatures).where(eq(collectionSignatures.authorisedPersonId, jane.id));
    expect(signatures).toEqual([
      expect.objectContaining({ collectorName: JANE.name, collectorIdType: 'passport', collectorIdNumber: JANE.idNumber }),
    ]);
    const events = await t.db
      .select()
      .from(packageEvents)
      .where(and(eq(packageEvents.packageId, pkg.id), eq(packageEvents.status, 'delivered')));
    expect(events[0]?.note).toBe(
      `Collected by ${JANE.name}, authorised by the customer, Passport ${JANE.idNumber} checked (invoice ${invoiceNo})`,
    );
    const [collected] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.collected'), eq(auditLog.entityId, invoiceNo)));
    expect(collected?.details).toMatchObject({
      collectorName: JANE.name,
      authorisedPersonId: jane.id,
      collectorId: `Passport ${JANE.idNumber}`,
    });
    const invoice = await t.api('GET', `/invoices/${invoiceNo}`, c.token);
    expect(invoice.json()).toMatchObject({ collectorName: JANE.name, collectorId: `Passport ${JANE.idNumber}` });
  });

  it("refuses someone on another customer's list, and a removed person", async () => {
    const c = await makeCustomer(t, courierId);
    const others = await add(bob.token, { ...JANE, name: "Bob's friend" });
    const { pkg, invoiceNo } = await paidAtCounter(c.id);
    const body = { collectorName: 'x', signature: PNG, authorisedPersonId: others.id, idChecked: true };
    const res = await t.api('POST', `/collections/${invoiceNo}`, admin, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(AUTHORISED_PEOPLE_MESSAGES.notAuthorised);
    const mine = await add(c.token);
    await t.api('DELETE', `${PATH}/${mine.id}`, c.token);
    const gone = await t.api('POST', `/collections/${invoiceNo}`, admin, { ...body, authorisedPersonId: mine.id });
    expect(gone.statusCode).toBe(422);
    const [still] = await t.db.select().from(packages).where(eq(packages.id, pkg.id));
    expect(still?.status).toBe('ready_for_pickup');
  });

  it("another courier's staff cannot see the list nor release to it", async () => {
    const c = await makeCustomer(t, courierId);
    await add(c.token);
    const { invoiceNo } = await paidAtCounter(c.id);
    const other = await makeCourier(t, `AQ${Date.now() % 10000}`);
    const theirAdmin = await makeUser(t, other.id, 'courier_admin');
    expect((await t.api('GET', `/collections/${invoiceNo}`, theirAdmin.token)).statusCode).toBe(404);
  });
});
