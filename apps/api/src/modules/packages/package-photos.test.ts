import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES, PHOTOS_PER_PACKAGE } from '@courier/shared/schemas/package-photos';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData, receiveFor } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { couriers } from '../../db/schema/couriers';

/** Photos taken at check-in: content-checked, shrunk on the server, kept within the package's courier and customer. */

let t: TestApp;
let staff: string;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let otherCustomer: Awaited<ReturnType<typeof makeCustomer>>;
let otherStaff: string;

function upload(token: string, packageId: number, data: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const form = multipart({}, { field: 'photo', name, type, data });
  return t.api({ method: 'POST', url: `/packages/${packageId}/photos`, token, ...form });
}

/** A real camera-sized JPEG (3000 x 2000). */
const bigJpeg = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  staff = await loginAs(t, 'staff');
  customer = await makeCustomer(t, courier.id);
  otherCustomer = await makeCustomer(t, courier.id);
  const other = await makeCourier(t, `PH${Date.now().toString().slice(-5)}`);
  otherStaff = (await makeUser(t, other.id, 'courier_admin')).token;
});
afterAll(async () => t?.close());

describe('package photos', () => {
  it('shrinks a camera photo to 1600 px on the long side with a 320 px thumbnail, and serves both as JPEG', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber);
    const res = await upload(staff, pkg.id, await bigJpeg());
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ width: 1600, height: 1067 });

    const full = await t.api('GET', `/packages/${pkg.id}/photos/${photo.id}`, staff);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect([fullMeta.format, fullMeta.width, fullMeta.height]).toEqual(['jpeg', 1600, 1067]);
    expect(full.rawPayload.length).toBe(photo.bytes);

    const thumb = await t.api('GET', `/packages/${pkg.id}/photos/${photo.id}?size=thumb`, staff);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width]).toEqual(['jpeg', 320]);

    const list = await t.api('GET', `/packages/${pkg.id}/photos`, staff);
    expect(list.json().map((p: { id: number }) => p.id)).toEqual([photo.id]);
  });

  it('keeps a small PNG at its size and re-encodes it, so bytes appended to it (a script) are gone', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber);
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(document.cookie)</script>')]);
    const res = await upload(staff, pkg.id, polyglot, 'evil.html', 'text/html');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 200, height: 100 });
    const served = await t.api('GET', `/packages/${pkg.id}/photos/${res.json().id}`, staff);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('refuses what is not a real image by its bytes, whatever the name says', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber);
    const text = await upload(staff, pkg.id, Buffer.from('just text, not a photo'), 'photo.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(PHOTO_MESSAGES.wrongType);
    const pdf = await upload(staff, pkg.id, Buffer.from('%PDF-1.4\n%%EOF\n'), 'photo.jpg');
    expect(pdf.statusCode).toBe(415);
    // JPEG magic bytes with nothing behind them: the decoder, not the name, decides.
    const fake = await upload(staff, pkg.id, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(PHOTO_MESSAGES.unreadable);
    expect((await t.api('GET', `/packages/${pkg.id}/photos`, staff)).json()).toEqual([]);
  });

  it(`keeps at most ${PHOTOS_PER_PACKAGE} photos a package`, async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber);
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < PHOTOS_PER_PACKAGE; i++) expect((await upload(staff, pkg.id, small)).statusCode).toBe(201);
    const more = await upload(staff, pkg.id, small);
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(PHOTO_MESSAGES.tooMany);
  });

  it('shows the customer their own package photos; another customer and another courier get 404', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber);
    const photo = (await upload(staff, pkg.id, await bigJpeg())).json();
    const mine = await t.api('GET', `/customer/packages/${pkg.id}/photos`, customer.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
    const bytes = await t.api('GET', `/customer/packages/${pkg.id}/photos/${photo.id}?size=thumb`, customer.token);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');

    for (const url of [`/customer/packages/${pkg.id}/photos`, `/customer/packages/${pkg.id}/photos/${photo.id}`]) {
      expect((await t.api('GET', url, otherCustomer.token)).statusCode, url).toBe(404);
    }
    for (const url of [`/packages/${pkg.id}/photos`, `/packages/${pkg.id}/photos/${photo.id}`]) {
      expect((await t.api('GET', url, otherStaff)).statusCode, url).toBe(404);
    }
    const foreign = await upload(otherStaff, pkg.id, await bigJpeg());
    expect(foreign.statusCode).toBe(404);
    // A photo id of another package of the same courier is not reachable through this package.
    const second = await receiveFor(t, staff, customer.mailboxNumber);
    expect((await t.api('GET', `/packages/${second.id}/photos/${photo.id}`, staff)).statusCode).toBe(404);
  });
});
