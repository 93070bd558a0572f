import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENTS_PHOTO_DEFAULT_CENTS, CONTENTS_PHOTO_MESSAGES } from '@courier/shared/schemas/contents-photos';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData, receiveFor } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { notifications } from '../../db/schema/notifications';
import { packages } from '../../db/schema/packages';

/**
 * The photo of contents a customer asks for: priced by the courier's fee (or the default), shown
 * before they confirm, cancelled free until taken, taken only against the request, then the
 * customer is told and the fee goes once on the package's invoice. Another courier sees nothing.
 */

let t: TestApp;
let staff: string;
let admin: string;
let courierId: number;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let otherCustomer: Awaited<ReturnType<typeof makeCustomer>>;
let otherStaff: string;
let otherCourierCustomer: Awaited<ReturnType<typeof makeCustomer>>;

const jpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();

async function upload(token: string, packageId: number, kind: 'parcel' | 'contents') {
  const form = multipart({}, { field: 'photo', name: 'photo.jpg', type: 'image/jpeg', data: await jpeg() });
  return t.api({
    method: 'POST',
    url: `/packages/${packageId}/photos?kind=${kind}`,
    token,
    ...form,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  staff = await loginAs(t, 'staff');
  admin = await loginAs(t, 'courier_admin');
  customer = await makeCustomer(t, courier.id);
  otherCustomer = await makeCustomer(t, courier.id);
  const other = await makeCourier(t, `CP${Date.now().toString().slice(-5)}`);
  otherStaff = (await makeUser(t, other.id, 'courier_admin')).token;
  otherCourierCustomer = await makeCustomer(t, other.id);
});
afterAll(async () => t?.close());

describe('photo of contents', () => {
  it('shows the default price before the customer confirms; a price that changed meanwhile is refused', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    const state = (await t.api('GET', `/customer/packages/${pkg.id}/contents-photo`, customer.token)).json();
    expect(state).toMatchObject({ feeCents: CONTENTS_PHOTO_DEFAULT_CENTS, feeName: 'Photo of contents', canRequest: true, request: null });
    const stale = await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, { feeCents: 10_000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CONTENTS_PHOTO_MESSAGES.priceChanged(CONTENTS_PHOTO_DEFAULT_CENTS));
    const asked = await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, {
      feeCents: CONTENTS_PHOTO_DEFAULT_CENTS,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ canRequest: false, request: { status: 'open', feeCents: CONTENTS_PHOTO_DEFAULT_CENTS } });
    const twice = await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, {
      feeCents: CONTENTS_PHOTO_DEFAULT_CENTS,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CONTENTS_PHOTO_MESSAGES.alreadyAsked);
  });

  it("is priced by the courier's own fee, set on the Fees screen (the fee engine)", async () => {
    const today = (await t.api('GET', '/settings/fees', admin)).json().today as string;
    // Every courier starts with the fee in its book: the courier prices it with a new version.
    const existing = (await t.api('GET', '/settings/fees', admin)).json().data.find((f: { code: string }) => f.code === 'contents_photo');
    const created = await t.api('POST', `/settings/fees/${existing.id}/versions`, admin, {
      name: 'Contents photo service',
      method: 'fixed',
      amount: 750,
      effectiveFrom: today,
    });
    expect(created.statusCode, created.body).toBe(201);
    const fee = (await t.api('GET', '/settings/fees', admin)).json().data.find((f: { code: string }) => f.code === 'contents_photo');
    expect(fee).toMatchObject({ name: 'Contents photo service', appliesTo: 'service_request' });
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    expect((await t.api('GET', `/customer/packages/${pkg.id}/contents-photo`, customer.token)).json()).toMatchObject({
      feeCents: 75_000,
      feeName: 'Contents photo service',
    });
  });

  it('the customer may cancel before staff take it, free; the request is then no more', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    expect((await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, { feeCents: 75_000 })).statusCode).toBe(201);
    const staffView = (await t.api('GET', `/packages/${pkg.id}`, staff)).json();
    expect(staffView.contentsPhotoAsked).toBe(true);
    const cancelled = await t.api('DELETE', `/customer/packages/${pkg.id}/contents-photo`, customer.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ canRequest: true, request: null });
    expect((await t.api('GET', `/packages/${pkg.id}`, staff)).json().contentsPhotoAsked).toBe(false);
    // Nothing open: a contents photo is refused, and "done" too.
    const photo = await upload(staff, pkg.id, 'contents');
    expect(photo.statusCode).toBe(409);
    expect(photo.json().message).toBe(CONTENTS_PHOTO_MESSAGES.contentsNotAsked);
    expect((await t.api('POST', `/packages/${pkg.id}/contents-photo/done`, staff)).json().message).toBe(CONTENTS_PHOTO_MESSAGES.noneOpen);
    const again = await t.api('DELETE', `/customer/packages/${pkg.id}/contents-photo`, customer.token);
    expect(again.statusCode).toBe(404);
    // Asked again afterwards, it is a new request.
    expect((await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, { feeCents: 75_000 })).statusCode).toBe(201);
  });

  it('staff take photos of the contents, then mark it done: the customer hears and sees them; no cancelling after', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    expect((await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, { feeCents: 75_000 })).statusCode).toBe(201);
    const none = await t.api('POST', `/packages/${pkg.id}/contents-photo/done`, staff);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(CONTENTS_PHOTO_MESSAGES.noPhotoYet);
    // A check-in photo of the box does not count.
    expect((await upload(staff, pkg.id, 'parcel')).statusCode).toBe(201);
    expect((await t.api('POST', `/packages/${pkg.id}/contents-photo/done`, staff)).statusCode).toBe(422);
    const taken = await upload(staff, pkg.id, 'contents');
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json().kind).toBe('contents');
    const done = await t.api('POST', `/packages/${pkg.id}/contents-photo/done`, staff);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request).toMatchObject({ status: 'done' });

    const photos = (await t.api('GET', `/customer/packages/${pkg.id}/photos`, customer.token)).json();
    expect(photos.map((p: { kind: string }) => p.kind)).toEqual(['parcel', 'contents']);
    const mail = (await t.db.select().from(emailOutbox)).filter((m) =>
      m.subject.endsWith(`Photos of the contents of ${pkg.packageNumber} are ready`),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.toAddress).toBe(customer.email);
    expect(mail[0]?.textBody).toContain('Contents photo service: JMD 750.00');
    const feed = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, customer.id), eq(notifications.targetRef, pkg.packageNumber)));
    expect(feed.some((n) => n.title.startsWith('Photos of the contents'))).toBe(true);

    const late = await t.api('DELETE', `/customer/packages/${pkg.id}/contents-photo`, customer.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CONTENTS_PHOTO_MESSAGES.tooLateToCancel);
    expect((await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, { feeCents: 75_000 })).json().message).toBe(
      CONTENTS_PHOTO_MESSAGES.alreadyTaken,
    );
    expect((await upload(staff, pkg.id, 'contents')).json().message).toBe(CONTENTS_PHOTO_MESSAGES.alreadyTaken);

    // The fee waits for the package's invoice, then is on it once, as a line naming the fee.
    expect(await t.db.select().from(invoiceLines).where(eq(invoiceLines.packageId, pkg.id))).toHaveLength(0);
    await t.db.update(packages).set({ status: 'ready_for_pickup', readyAt: new Date() }).where(eq(packages.id, pkg.id));
    const issued = await t.api('POST', '/invoices', admin, { customerId: customer.id, packageIds: [pkg.id] });
    expect(issued.statusCode, issued.body).toBe(201);
    const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.packageId, pkg.id));
    expect(lines.filter((l) => l.kind === 'contents_photo_fee').map((l) => [l.description, l.amountCents])).toEqual([
      [`Contents photo service ${pkg.packageNumber}`, 75_000],
    ]);
    expect(lines.find((l) => l.kind === 'contents_photo_fee')?.feeVersionId).not.toBeNull();
    // Priced again (customs), still once.
    const again = await t.api('PUT', `/invoices/${issued.json().invoiceNo}/customs`, admin, { packageId: pkg.id, assessedCents: 0 });
    expect(again.statusCode, again.body).toBeLessThan(300);
    const after = await t.db.select().from(invoiceLines).where(eq(invoiceLines.packageId, pkg.id));
    expect(after.filter((l) => l.kind === 'contents_photo_fee')).toHaveLength(1);
  });

  it('taken when the package already has an open invoice, the fee is added to it', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    expect((await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, { feeCents: 75_000 })).statusCode).toBe(201);
    await t.db.update(packages).set({ status: 'ready_for_pickup', readyAt: new Date() }).where(eq(packages.id, pkg.id));
    const issued = (await t.api('POST', '/invoices', admin, { customerId: customer.id, packageIds: [pkg.id] })).json();
    const [before] = await t.db.select().from(invoices).where(eq(invoices.invoiceNo, issued.invoiceNo));
    expect((await upload(staff, pkg.id, 'contents')).statusCode).toBe(201);
    expect((await t.api('POST', `/packages/${pkg.id}/contents-photo/done`, staff)).statusCode).toBe(200);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.invoiceNo, issued.invoiceNo));
    expect((inv?.totalCents ?? 0) - (before?.totalCents ?? 0)).toBe(75_000);
    const lines = await t.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, inv?.id ?? 0));
    expect(lines.filter((l) => l.kind === 'contents_photo_fee').map((l) => l.description)).toEqual([
      `Contents photo service ${pkg.packageNumber}`,
    ]);
  });

  it('only while the parcel is with us', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    await t.db.update(packages).set({ status: 'delivered', deliveredAt: new Date() }).where(eq(packages.id, pkg.id));
    const state = (await t.api('GET', `/customer/packages/${pkg.id}/contents-photo`, customer.token)).json();
    expect(state.canRequest).toBe(false);
    const res = await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, { feeCents: 75_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONTENTS_PHOTO_MESSAGES.notHere(pkg.packageNumber));
  });

  it("another customer, or another courier's staff or customer, can neither see nor act on it", async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    expect((await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, customer.token, { feeCents: 75_000 })).statusCode).toBe(201);
    expect((await t.api('GET', `/customer/packages/${pkg.id}/contents-photo`, otherCustomer.token)).statusCode).toBe(404);
    expect((await t.api('POST', `/customer/packages/${pkg.id}/contents-photo`, otherCustomer.token, { feeCents: 75_000 })).statusCode).toBe(
      404,
    );
    expect((await t.api('DELETE', `/customer/packages/${pkg.id}/contents-photo`, otherCustomer.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/customer/packages/${pkg.id}/contents-photo`, otherCourierCustomer.token)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/customer/packages/${pkg.id}/contents-photo`, otherCourierCustomer.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/packages/${pkg.id}/contents-photo`, otherStaff)).statusCode).toBe(404);
    expect((await upload(otherStaff, pkg.id, 'contents')).statusCode).toBe(404);
    expect((await t.api('POST', `/packages/${pkg.id}/contents-photo/done`, otherStaff)).statusCode).toBe(404);
    // Still open, untouched, for our staff.
    const ours = (await t.api('GET', `/packages/${pkg.id}/contents-photo`, staff)).json();
    expect(ours.request).toMatchObject({ status: 'open' });
    expect(courierId).toBeGreaterThan(0);
  });
});
