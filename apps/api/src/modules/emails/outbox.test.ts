import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_MESSAGES } from '@courier/shared/schemas/outbox';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { emailOutbox } from '../../db/schema/email';

/** The outbox screen's API: each courier sees its own mail, never a body, and can send a failed one again. */
let t: TestApp;
let a: { courierId: number; admin: string; viewer: string };
let b: { courierId: number; admin: string };
let platformAdmin: string;

const mail = (courierId: number | null, status: 'pending' | 'sent' | 'failed', subject: string, extra = {}) =>
  t.db
    .insert(emailOutbox)
    .values({
      courierId,
      toAddress: `${subject.toLowerCase().replaceAll(' ', '-')}@example.test`,
      subject,
      textBody: `Secret body of ${subject}`,
      status,
      ...extra,
    })
    .returning()
    .then(([row]) => {
      if (!row) throw new Error('outbox insert');
      return row;
    });

beforeAll(async () => {
  // No SMTP anywhere: the default set-up, where every mail waits in the outbox.
  t = await buildTestApp();
  const courierA = await makeCourier(t, 'OBA');
  const courierB = await makeCourier(t, 'OBB');
  a = {
    courierId: courierA.id,
    admin: (await makeUser(t, courierA.id, 'courier_admin')).token,
    viewer: (await makeUser(t, courierA.id, 'staff', ['settings_view'])).token,
  };
  b = { courierId: courierB.id, admin: (await makeUser(t, courierB.id, 'courier_admin')).token };
  platformAdmin = (await makeUser(t, null, 'super_admin')).token;
  await mail(a.courierId, 'pending', 'A welcome');
  await mail(a.courierId, 'failed', 'A invoice', { lastError: 'Could not connect to the SMTP server', attempts: 5 });
  await mail(a.courierId, 'sent', 'A receipt', { sentAt: new Date() });
  await mail(b.courierId, 'pending', 'B welcome');
  await mail(null, 'failed', 'Platform alert');
});
afterAll(async () => {
  await t?.close();
});

describe('e-mail outbox', () => {
  it("lists the courier's own mail, newest first, with status and error but never the body", async () => {
    const res = await t.api('GET', '/api/email-outbox?limit=10', a.admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe(3);
    expect(page.data.map((m: { subject: string }) => m.subject)).toEqual(['A receipt', 'A invoice', 'A welcome']);
    expect(page.data[1]).toMatchObject({ status: 'failed', lastError: 'Could not connect to the SMTP server', attempts: 5 });
    expect(res.body).not.toContain('Secret body');
    expect(res.body).not.toContain('B welcome');
  });

  it('filters by status and searches by recipient or subject', async () => {
    const failed = (
      await t.api('GET', `/api/email-outbox?limit=10&filters=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`, a.admin)
    ).json();
    expect(failed.data.map((m: { subject: string }) => m.subject)).toEqual(['A invoice']);
    const search = (await t.api('GET', '/api/email-outbox?limit=10&search=welcome', a.admin)).json();
    expect(search.data.map((m: { subject: string }) => m.subject)).toEqual(['A welcome']);
    const bad = await t.api('GET', '/api/email-outbox?limit=10&sort=textBody', a.admin);
    expect(bad.statusCode).toBe(400);
  });

  it('says mail is queued, not sent, when no SMTP server is configured', async () => {
    const res = await t.api('GET', '/api/email-outbox/summary', a.admin);
    expect(res.json()).toEqual({ queued: 1, failed: 1, smtp: 'not_configured' });
    expect(OUTBOX_MESSAGES.notConfigured(1)).toBe('No SMTP server is configured: 1 e-mail is queued and will go out once one is saved.');
  });

  it('sends a failed mail again with a fresh count, refuses a sent one, and needs settings_edit', async () => {
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'A invoice'));
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'A receipt'));
    if (!failed || !sent) throw new Error('fixtures');
    const viewer = await t.api('POST', `/email-outbox/${failed.id}/retry`, a.viewer);
    expect(viewer.statusCode).toBe(403);
    const res = await t.api('POST', `/email-outbox/${failed.id}/retry`, a.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    const again = await t.api('POST', `/email-outbox/${sent.id}/retry`, a.admin);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(OUTBOX_MESSAGES.notRetryable);
  });

  it("keeps couriers apart: another courier's mail is not found, and its list is its own", async () => {
    const [mailOfA] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'A welcome'));
    if (!mailOfA) throw new Error('fixture');
    const res = await t.api('POST', `/email-outbox/${mailOfA.id}/retry`, b.admin);
    expect(res.statusCode).toBe(404);
    const list = (await t.api('GET', `/api/email-outbox?limit=10&courierId=${a.courierId}`, b.admin)).json();
    expect(list.data.map((m: { subject: string }) => m.subject)).toEqual(['B welcome']);
  });

  it("shows the super admin the platform's own mail, or a courier's when named", async () => {
    const platform = (await t.api('GET', '/api/email-outbox?limit=10', platformAdmin)).json();
    expect(platform.data.map((m: { subject: string }) => m.subject)).toEqual(['Platform alert']);
    const ofB = (await t.api('GET', `/api/email-outbox?limit=10&courierId=${b.courierId}`, platformAdmin)).json();
    expect(ofB.data.map((m: { subject: string }) => m.subject)).toEqual(['B welcome']);
  });
});
