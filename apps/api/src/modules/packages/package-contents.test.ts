import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, receiveFor } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';

/** The customer completes merchant, contents and value of their own parcel with no pre-alert. */

let t: TestApp;
let staff: string;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let neighbour: Awaited<ReturnType<typeof makeCustomer>>;
let stranger: Awaited<ReturnType<typeof makeCustomer>>;

beforeAll(async () => {
  t = await buildTestApp();
  const courier = await makeCourier(t, `PC${Date.now().toString().slice(-5)}`);
  const other = await makeCourier(t, `PD${Date.now().toString().slice(-5)}`);
  staff = (await makeUser(t, courier.id, 'courier_admin')).token;
  // A mailbox as we print it (code, hyphen, digits): the station reads the label's mailbox by that shape.
  customer = await makeCustomer(t, courier.id, { mailboxNumber: `PCX-${String(Date.now()).slice(-6)}` });
  neighbour = await makeCustomer(t, courier.id);
  stranger = await makeCustomer(t, other.id);
});
afterAll(async () => t?.close());

const contents = { merchant: 'Amazon', description: 'Phone case', declaredValueUsdCents: 2499 };

describe('the customer gives the value and contents', () => {
  it('fills a parcel with no pre-alert once; nobody else can, another courier least of all', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber);
    expect(pkg.merchant).toBeNull();
    expect((await t.api('PUT', `/customer/packages/${pkg.id}/contents`, neighbour.token, contents)).statusCode).toBe(404);
    expect((await t.api('PUT', `/customer/packages/${pkg.id}/contents`, stranger.token, contents)).statusCode).toBe(404);

    const bad = await t.api('PUT', `/customer/packages/${pkg.id}/contents`, customer.token, { ...contents, merchant: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PACKAGE_MESSAGES.merchantRequired);

    const given = await t.api('PUT', `/customer/packages/${pkg.id}/contents`, customer.token, contents);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject(contents);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.contents_given'), eq(auditLog.entityId, pkg.packageNumber)));
    expect(logged).toHaveLength(1);

    const again = await t.api('PUT', `/customer/packages/${pkg.id}/contents`, customer.token, { ...contents, declaredValueUsdCents: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PACKAGE_MESSAGES.contentsAlreadyGiven);
  });

  it('refuses once the parcel is on a manifest', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber);
    const manifest = await t.api('POST', '/manifests', staff, { type: 'AIR' });
    expect(manifest.statusCode, manifest.body).toBe(201);
    const added = await t.api('POST', `/manifests/${manifest.json().id}/packages`, staff, { packageIds: [pkg.id] });
    expect(added.statusCode, added.body).toBe(200);
    const locked = await t.api('PUT', `/customer/packages/${pkg.id}/contents`, customer.token, contents);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(PACKAGE_MESSAGES.contentsLocked);
  });
});
