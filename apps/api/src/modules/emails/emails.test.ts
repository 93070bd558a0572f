import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MESSAGES } from '@courier/shared/schemas/emails';
import { branches } from '../../db/schema/branches';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';

let t: TestApp;
let courierA: number;
let branchA: number;
let branchB: number;
let admin: { token: string };
let adminB: { token: string };
let viewer: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  courierA = (await makeCourier(t, 'EMA')).id;
  const courierB = (await makeCourier(t, 'EMB')).id;
  const [b] = await t.db.insert(branches).values({ courierId: courierA, name: 'May Pen' }).returning();
  const [bb] = await t.db.insert(branches).values({ courierId: courierB, name: 'Other' }).returning();
  branchA = b?.id ?? 0;
  branchB = bb?.id ?? 0;
  admin = await makeUser(t, courierA, 'courier_admin');
  adminB = await makeUser(t, courierB, 'courier_admin');
  viewer = await makeUser(t, courierA, 'staff', ['emails_view']);
  await makeCustomer(t, courierA, { firstName: 'Aaron', lastName: 'Allen', branchId: branchA, accountType: 'business' });
  await makeCustomer(t, courierA, { firstName: 'Beth', lastName: 'Brown', accountType: 'individual' });
  await makeCustomer(t, courierA, { firstName: 'Cleo', lastName: 'Campbell', active: false });
  await makeCustomer(t, courierB, { firstName: 'Other', lastName: 'Courier' });
});
afterAll(async () => t?.close());

const preview = (token: string, payload: Record<string, unknown>) => t.api('POST', '/batch-emails/preview', token, payload);

describe('batch e-mails', () => {
  it('previews for one recipient with the placeholders filled and counts the audience', async () => {
    const res = await preview(admin.token, { subject: 'Hi {firstName}', body: 'Mailbox {mailbox}', audience: 'all' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.recipientCount).toBe(2);
    expect(body.recipient.name).toBe('Aaron Allen');
    expect(body.subject).toBe('Hi Aaron');
    expect(body.body).toBe(`Mailbox ${body.recipient.mailboxNumber}`);
  });

  it('narrows by branch and account type, and the ready audience needs a package ready for pickup', async () => {
    expect((await preview(admin.token, { subject: 's', body: 'b', audience: 'branch', branchId: branchA })).json().recipientCount).toBe(1);
    expect(
      (await preview(admin.token, { subject: 's', body: 'b', audience: 'accountType', accountType: 'individual' })).json().recipient.name,
    ).toBe('Beth Brown');
    expect((await preview(admin.token, { subject: 's', body: 'b', audience: 'ready' })).json().recipientCount).toBe(0);
  });

  it('validates with the messages of the form', async () => {
    const noBranch = await preview(admin.token, { subject: 's', body: 'b', audience: 'branch' });
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.json().message).toBe(BATCH_MESSAGES.branchRequired);
    const noSubject = await preview(admin.token, { subject: '', body: 'b', audience: 'all' });
    expect(noSubject.json().fieldErrors.subject).toContain(BATCH_MESSAGES.subjectRequired);
    // Another courier's branch is not found.
    const foreign = await preview(admin.token, { subject: 's', body: 'b', audience: 'branch', branchId: branchB });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses to send to an empty audience and keeps the draft', async () => {
    const created = await t.api('POST', '/batch-emails', admin.token, { subject: 's', body: 'b', audience: 'ready' });
    const id = created.json().id;
    const sent = await t.api('POST', `/batch-emails/${id}/send`, admin.token);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().message).toBe(BATCH_MESSAGES.noRecipients);
    expect((await t.api('GET', `/batch-emails/${id}`, admin.token)).json().status).toBe('draft');
  });

  it('keeps couriers apart and needs emails_create to compose', async () => {
    const created = await t.api('POST', '/batch-emails', admin.token, { subject: 's', body: 'b', audience: 'all' });
    const id = created.json().id;
    expect((await t.api('GET', `/batch-emails/${id}`, adminB.token)).statusCode).toBe(404);
    expect((await t.api('POST', `/batch-emails/${id}/send`, adminB.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/batch-emails/${id}/recipients`, adminB.token)).statusCode).toBe(404);
    const listB = (await t.api('GET', '/batch-emails', adminB.token)).json();
    expect(listB.total).toBe(0);
    expect((await t.api('GET', '/batch-emails', viewer.token)).statusCode).toBe(200);
    const refused = await t.api('POST', '/batch-emails', viewer.token, { subject: 's', body: 'b', audience: 'all' });
    expect(refused.statusCode).toBe(403);
  });

  it('sends a draft once: the recipients report lists each recipient waiting', async () => {
    const created = await t.api('POST', '/batch-emails', admin.token, { subject: 'Notice', body: 'Hello {firstName}', audience: 'all' });
    const id = created.json().id;
    const sent = await t.api('POST', `/batch-emails/${id}/send`, admin.token);
    expect(sent.json().status).toBe('sending');
    const report = (await t.api('GET', `/batch-emails/${id}/recipients`, admin.token)).json();
    expect(report.data.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['Aaron Allen', 'waiting'],
      ['Beth Brown', 'waiting'],
    ]);
    const edit = await t.api('PUT', `/batch-emails/${id}`, admin.token, { subject: 'x', body: 'y', audience: 'all' });
    expect(edit.statusCode).toBe(409);
  });
});
