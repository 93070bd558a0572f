import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';

/**
 * The courier's US agent signs in with its own account: it sees its courier's imports, their error
 * reports and the manifests, fixes and sends again a refused row, and sees nothing else (no
 * customers, no money, no settings, no other courier).
 */
let t: TestApp;
let admin: string;
let agent: string;
let otherAdmin: string;
let courierId: number;
let otherCourierId: number;
const tag = letterTag(5);
const trk = (n: number) => `AGT${tag}${String(n).padStart(4, '0')}`;
const password = 'Agent#Miami2026';

const upload = (token: string, data: string) => {
  const body = multipart({}, { field: 'file', name: 'agent.csv', type: 'text/csv', data: Buffer.from(data) });
  return t.api({ method: 'POST', url: '/package-imports', token, ...body });
};
async function finished(token: string, id: number) {
  for (let i = 0; i < 200; i++) {
    const res = await t.api('GET', `/package-imports/${id}`, token);
    if (res.json().status !== 'importing') return res.json();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}
const mapping = { trackingNumber: 'Tracking #', mailbox: 'Mailbox', weightLb: 'Weight' };

beforeAll(async () => {
  t = await buildTestApp();
  const courier = await makeCourier(t, `A${tag}`);
  courierId = courier.id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  const other = await makeCourier(t, `B${tag}`);
  otherCourierId = other.id;
  otherAdmin = (await makeUser(t, otherCourierId, 'courier_admin')).token;
  await makeCustomer(t, courierId, { mailboxNumber: `MB${tag}` });
  // The courier admin gives the agent its account; the agent signs in on the staff page.
  const email = `agent-${tag.toLowerCase()}@miami.test`;
  const made = await t.api('POST', '/auth/staff/register', admin, {
    firstName: 'Miami',
    lastName: 'Agent',
    email,
    password,
    role: 'agent',
  });
  expect(made.statusCode, made.body).toBe(201);
  const login = await t.api('POST', '/auth/staff/login', null, { email, password });
  expect(login.statusCode, login.body).toBe(200);
  agent = login.json().token;
});
afterAll(async () => t?.close());

describe("the courier's US agent", () => {
  it('is given its account on the Staff screen too, with no permission role or branch', async () => {
    const res = await t.api('POST', '/staff', admin, {
      firstName: 'Second',
      lastName: 'Agent',
      email: `second-${tag.toLowerCase()}@miami.test`,
      password,
      role: 'agent',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ role: 'agent', roleId: null, branchId: null });
  });

  it('has no role or branch to be given', async () => {
    const res = await t.api('POST', '/auth/staff/register', admin, {
      firstName: 'X',
      lastName: 'Y',
      email: `x-${tag.toLowerCase()}@miami.test`,
      password,
      role: 'agent',
      branchId: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_API_MESSAGES.agentNoRole);
  });

  it('uploads its file, reads the error report, fixes the refused row and sends it again', async () => {
    const file = ['Tracking #,Mailbox,Weight', `${trk(1)},MB${tag},2`, `${trk(2)},MB${tag},heavy`].join('\r\n');
    const up = await upload(agent, file);
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().id as number;
    expect((await t.api('POST', `/package-imports/${id}/import`, agent, { mapping })).statusCode).toBe(202);
    const done = await finished(agent, id);
    expect(done.counts).toMatchObject({ received: 1, invalid: 1 });
    const report = await t.api('GET', `/package-imports/${id}/report.csv`, agent);
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain(trk(2));
    // The detail gives the refused row's cells to fix.
    const detail = (await t.api('GET', `/package-imports/${id}`, agent)).json();
    expect(detail.refused).toEqual([{ row: 3, cells: [trk(2), `MB${tag}`, 'heavy'] }]);
    expect(detail.headers).toEqual(['Tracking #', 'Mailbox', 'Weight']);
    expect((await t.api('GET', '/package-imports', agent)).json().map((i: { id: number }) => i.id)).toContain(id);

    // A row that was not refused, or with the wrong number of cells, is not sent.
    expect((await t.api('POST', `/package-imports/${id}/rows/2`, agent, { cells: [trk(1), `MB${tag}`, '2'] })).json().message).toBe(
      IMPORT_MESSAGES.rowNotRefused,
    );
    expect((await t.api('POST', `/package-imports/${id}/rows/3`, agent, { cells: [trk(2)] })).statusCode).toBe(400);
    const fixed = await t.api('POST', `/package-imports/${id}/rows/3`, agent, { cells: [trk(2), `MB${tag}`, '3.5'] });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({
      row: 3,
      outcome: 'received',
      trackingNumber: trk(2),
      packageNumber: expect.stringMatching(/^PKG-/),
    });
    const [pkg] = await t.db
      .select()
      .from(packages)
      .where(eq(packages.trackingNumber, trk(2)));
    expect(pkg).toMatchObject({ courierId, weightLb: 3.5, status: 'received' });
    const after = await finished(agent, id);
    expect(after.counts).toMatchObject({ received: 2, invalid: 0 });
    // Sent again, it is no longer a refused row: nothing is written twice.
    expect((await t.api('POST', `/package-imports/${id}/rows/3`, agent, { cells: [trk(2), `MB${tag}`, '3.5'] })).statusCode).toBe(409);
  });

  it("sees its courier's manifests, but not their exports", async () => {
    const [mine] = await t.db
      .insert(manifests)
      .values({ courierId, manifestNumber: `MAN-A${tag}`, type: 'AIR' })
      .returning();
    const [theirs] = await t.db
      .insert(manifests)
      .values({ courierId: otherCourierId, manifestNumber: `MAN-B${tag}`, type: 'AIR' })
      .returning();
    if (!mine || !theirs) throw new Error('manifest insert failed');
    const list = await t.api('GET', '/manifests', agent);
    expect(list.statusCode, list.body).toBe(200);
    const numbers = (list.json().data as Array<{ manifestNumber: string }>).map((m) => m.manifestNumber);
    expect(numbers).toContain(mine.manifestNumber);
    expect(numbers).not.toContain(theirs.manifestNumber);
    expect((await t.api('GET', `/manifests/${mine.id}`, agent)).statusCode).toBe(200);
    expect((await t.api('GET', `/manifests/${theirs.id}`, agent)).statusCode).toBe(404);
    expect((await t.api('GET', `/manifests/${mine.id}/export.csv`, agent)).statusCode).toBe(403);
  });

  it("sees nothing else: no customers, no money, no settings, no other courier's imports", async () => {
    for (const url of [
      '/customers',
      '/invoices',
      '/payments',
      '/reports',
      '/packages',
      '/collections',
      '/return-requests',
      '/settings/agent-pickup',
      '/customers/invitations',
      '/staff',
      '/dashboard',
    ]) {
      const res = await t.api('GET', url, agent);
      expect([403, 404], `${url} answered ${res.statusCode}`).toContain(res.statusCode);
      expect(res.statusCode, url).not.toBe(200);
    }
    const theirs = await upload(otherAdmin, ['Tracking #,Mailbox,Weight', `${trk(9)},X,1`].join('\r\n'));
    const theirId = theirs.json().id as number;
    expect((await t.api('GET', `/package-imports/${theirId}`, agent)).statusCode).toBe(404);
    expect((await t.api('GET', `/package-imports/${theirId}/report.csv`, agent)).statusCode).toBe(404);
    expect((await t.api('GET', '/package-imports', agent)).json().map((i: { id: number }) => i.id)).not.toContain(theirId);
  });
});
