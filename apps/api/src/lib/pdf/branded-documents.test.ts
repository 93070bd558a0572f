import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { multipart } from '../../../test/multipart';
import { pdfHasImage, pdfMediaBoxes, pdfPageTexts, pdfText } from '../../../test/pdf-text';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { packages } from '../../db/schema/packages';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';

/** A real 1x1 PNG (with alpha), the smallest logo pdfkit can draw. */
const LOGO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A real 1x1 GIF whose one pixel is transparent. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const A = {
  name: 'Jamaica Express Post',
  email: 'office@jamaicaexpress.test',
  phone: '876-555-0101',
  gct: '001-234-567',
  address: '12 Constant Spring Road',
  parish: 'Kingston 10',
};
const B = {
  name: 'Montego Parcel Company',
  email: 'desk@montegoparcel.test',
  phone: '876-555-0202',
  gct: 'GCT-B-999888',
  address: '7 Harbour Street',
  parish: 'St. James',
};

const LETTER = [0, 0, 612, 792];
const A4 = [0, 0, 595.28, 841.89];

let w: DeskWorld;
let receiptNo: string;
let invoiceNo: string;
let manifestId: number;
let packageId: number;
let secondPackageId: number;

const company = (extra: Record<string, unknown> = {}) => ({ name: A.name, first_name: 'Ann', last_name: 'Reid', email: A.email, ...extra });

/** The four documents of courier A: invoice, receipt, manifest and label. */
async function documents() {
  const urls = {
    invoice: `/invoices/${invoiceNo}/pdf`,
    receipt: `/payments/${receiptNo}/receipt`,
    thermal: `/payments/${receiptNo}/receipt?format=thermal`,
    manifest: `/manifests/${manifestId}/manifest.pdf`,
    label: `/packages/${packageId}/label`,
  };
  const out: Record<string, Buffer> = {};
  for (const [kind, url] of Object.entries(urls)) {
    const res = await w.t.api('GET', url, w.tokens.admin);
    expect(res.statusCode, `${kind}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    out[kind] = res.rawPayload;
  }
  return out as Record<keyof typeof urls, Buffer>;
}

const expectClose = (box: number[] | undefined, expected: number[]) => {
  expect(box).toHaveLength(4);
  for (const [i, v] of expected.entries()) expect(box?.[i]).toBeCloseTo(v, 1);
};

beforeAll(async () => {
  w = await buildDeskWorld();
  const db = w.t.db;
  await db.update(couriers).set({ phone: A.phone }).where(eq(couriers.id, w.courierId));
  await db.update(branches).set({ address: A.address, parish: A.parish }).where(eq(branches.courierId, w.courierId));
  await db
    .update(couriers)
    .set({ name: B.name, email: B.email, phone: B.phone, gctRegistrationNumber: B.gct, paperSize: 'a4' })
    .where(eq(couriers.id, w.secondCourierId));
  await db.insert(branches).values({ courierId: w.secondCourierId, name: 'Montego Bay', address: B.address, parish: B.parish });
  const saved = await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, company({ gct_registration_number: ` ${A.gct} ` }));
  expect(saved.statusCode, saved.body).toBe(200);

  const issued = await w.issue([1]);
  invoiceNo = issued.invoiceNo;
  packageId = issued.packageIds[0] as number;
  const paid = await w.api('POST', '/payments', w.tokens.staff, {
    method: 'cash',
    tenderedCents: 1000_00,
    allocations: [{ invoiceNo, amountCents: issued.totalCents }],
  });
  expect(paid.statusCode, paid.body).toBe(201);
  receiptNo = paid.json().receiptNo;
  const manifest = await w.api('POST', '/manifests', w.tokens.admin, {
    type: 'AIR',
    mawbOrBl: '176-12345675',
    departureDate: '2026-11-20',
  });
  expect(manifest.statusCode, manifest.body).toBe(201);
  manifestId = manifest.json().id;
  const [other] = await db
    .insert(packages)
    .values({ courierId: w.secondCourierId, packageNumber: 'PKG-MB1', trackingNumber: '1ZMONTEGO1', status: 'received', weightLb: 2 })
    .returning();
  secondPackageId = other?.id as number;
});
afterAll(async () => w?.t.close());

describe('Company Settings: GCT registration number and paper size', () => {
  it('reads back trimmed, Letter by default, and refuses a long number or another paper', async () => {
    const read = (await w.t.api('GET', `/couriers/${w.courierId}`, w.tokens.admin)).json();
    expect(read).toMatchObject({ gct_registration_number: A.gct, paper_size: 'letter' });
    const long = await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, company({ gct_registration_number: '9'.repeat(41) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.gct_registration_number).toEqual([SETTINGS_MESSAGES.gctRegistrationNumberTooLong]);
    const paper = await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, company({ paper_size: 'A5' }));
    expect(paper.statusCode).toBe(400);
    expect(paper.json().fieldErrors.paper_size).toEqual([SETTINGS_MESSAGES.paperSizeInvalid]);
    // Left out, both stay as they were.
    const kept = await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, company());
    expect(kept.json()).toMatchObject({ gct_registration_number: A.gct, paper_size: 'letter' });
  });

  it('are the courier admin’s own: another courier’s admin cannot change them', async () => {
    const res = await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.secondAdmin, company({ paper_size: 'a4' }));
    expect([403, 404]).toContain(res.statusCode);
    const [row] = await w.t.db.select().from(couriers).where(eq(couriers.id, w.courierId));
    expect(row?.paperSize).toBe('letter');
  });
});

describe('branded documents', () => {
  it('carry the courier’s name, address, phone, e-mail and GCT Reg. No., and nothing of another courier', async () => {
    const docs = await documents();
    for (const kind of ['invoice', 'receipt', 'thermal', 'manifest'] as const) {
      const text = await pdfText(docs[kind]);
      for (const part of [A.name, A.address, A.parish, A.phone, A.email, `GCT Reg. No.: ${A.gct}`]) {
        expect(text, `${kind} lacks ${part}`).toContain(part);
      }
      for (const part of [B.name, B.address, B.phone, B.email, B.gct]) expect(text, `${kind} shows ${part}`).not.toContain(part);
    }
    const label = await pdfText(docs.label);
    expect(label).toContain(A.name);
    expect(label).toContain(`PKG-`);
    for (const part of [B.name, B.email, B.gct]) expect(label).not.toContain(part);
  });

  it('are on Letter by default, and on A4 once the courier chooses it; the label keeps its 4x6 size', async () => {
    const letter = await documents();
    expectClose(pdfMediaBoxes(letter.invoice)[0], LETTER);
    expectClose(pdfMediaBoxes(letter.receipt)[0], LETTER);
    expectClose(pdfMediaBoxes(letter.manifest)[0], [0, 0, 792, 612]);
    expectClose(pdfMediaBoxes(letter.label)[0], [0, 0, 288, 432]);

    const saved = await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, company({ paper_size: 'a4' }));
    expect(saved.json().paper_size).toBe('a4');
    try {
      const a4 = await documents();
      expectClose(pdfMediaBoxes(a4.invoice)[0], A4);
      expectClose(pdfMediaBoxes(a4.receipt)[0], A4);
      expectClose(pdfMediaBoxes(a4.manifest)[0], [0, 0, 841.89, 595.28]);
      expectClose(pdfMediaBoxes(a4.label)[0], [0, 0, 288, 432]);
    } finally {
      await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, company({ paper_size: 'letter' }));
    }
  });

  it('print the receipt on an 80 mm roll, one page as long as the receipt', async () => {
    const { thermal, receipt } = await documents();
    const boxes = pdfMediaBoxes(thermal);
    expect(boxes).toHaveLength(1);
    const [x0, y0, width, height] = boxes[0] ?? [];
    expect([x0, y0]).toEqual([0, 0]);
    expect(width).toBeCloseTo(226.77, 2);
    expect(height).toBeGreaterThan(150);
    expect(height).toBeLessThan(600);
    // The same receipt: its number, the money and the change.
    const text = await pdfText(thermal);
    expect(text).toContain(`Receipt ${receiptNo}`);
    expect(text).toContain('Change given');
    expect(await pdfText(receipt)).toContain('Change given');
    const bad = await w.t.api('GET', `/payments/${receiptNo}/receipt?format=roll`, w.tokens.admin);
    expect(bad.statusCode).toBe(400);
  });

  it('leave out the GCT line once the number is cleared', async () => {
    await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, company({ gct_registration_number: '' }));
    try {
      const text = await pdfText((await w.t.api('GET', `/invoices/${invoiceNo}/pdf`, w.tokens.admin)).rawPayload);
      expect(text).toContain(A.name);
      expect(text).not.toContain('GCT Reg. No.');
    } finally {
      await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, company({ gct_registration_number: A.gct }));
    }
  });

  it('draw the uploaded logo, a PNG or a GIF (its first frame, transparency kept)', async () => {
    const before = await documents();
    expect(pdfHasImage(before.invoice)).toBe(false);
    const upload = (file: Buffer, name: string, type: string) => {
      const body = multipart({}, { field: 'logo', name, type, data: file });
      return w.t.api({
        method: 'POST',
        url: `/couriers/${w.courierId}/logo`,
        token: w.tokens.admin,
        ...body,
      });
    };
    expect((await upload(LOGO_PNG, 'logo.png', 'image/png')).statusCode).toBe(200);
    const withLogo = await documents();
    for (const kind of ['invoice', 'receipt', 'thermal', 'manifest', 'label'] as const) {
      expect(pdfHasImage(withLogo[kind]), kind).toBe(true);
    }
    expect((await upload(GIF, 'logo.gif', 'image/gif')).statusCode).toBe(200);
    const gif = await documents();
    for (const kind of ['invoice', 'receipt', 'thermal', 'manifest', 'label'] as const) {
      expect(pdfHasImage(gif[kind]), kind).toBe(true);
    }
    // The GIF's first frame comes as a PNG with its alpha: its transparent pixel stays see-through.
    expect(gif.invoice.toString('latin1')).toMatch(/\/SMask\s+\d+ 0 R/);
    expect(await pdfText(gif.invoice)).toContain(A.name);
  });

  it('stay with their courier: another courier cannot fetch them, and a mixed batch of labels names each its own', async () => {
    for (const url of [
      `/invoices/${invoiceNo}/pdf`,
      `/payments/${receiptNo}/receipt?format=thermal`,
      `/manifests/${manifestId}/manifest.pdf`,
      `/packages/${packageId}/label`,
    ]) {
      const res = await w.t.api('GET', url, w.tokens.secondAdmin);
      expect([403, 404], url).toContain(res.statusCode);
    }
    const batch = await w.t.api('GET', `/packages/labels.pdf?ids=${packageId},${secondPackageId}`, w.tokens.superAdmin);
    expect(batch.statusCode, batch.body.slice(0, 200)).toBe(200);
    const [first, second] = await pdfPageTexts(batch.rawPayload);
    expect(first).toContain(A.name);
    expect(first).not.toContain(B.name);
    expect(second).toContain(B.name);
    expect(second).not.toContain(A.name);
  });
});
