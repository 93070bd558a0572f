import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { GifWriter } from 'omggif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { customers } from '../../db/schema/customers';
import { code128, drawBarcode } from '../../lib/pdf/barcode';

/** Labels from bwip-js, ZPL for thermal printers, reprint one or many. */
let t: TestApp;
let staff: string;
let otherStaff: string;
let otherId: number;
let otherCourierId: number;
const pkgs: Array<{ id: number; number: string }> = [];

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'branch_manager');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  for (const tracking of ['1Z999AA10000003001', '1Z999AA10000003002']) {
    const res = await t.api('POST', '/packages', staff, {
      trackingNumber: tracking,
      weightLb: 3.4,
      mailbox: c.mailboxNumber,
      description: 'Shoes ^XZ~JA',
    });
    pkgs.push({ id: res.json().id, number: res.json().packageNumber });
  }
  const other = await makeCourier(t, 'OTL');
  otherCourierId = other.id;
  otherStaff = (await makeUser(t, other.id, 'courier_admin')).token;
  const res = await t.api('POST', '/packages', otherStaff, { trackingNumber: '1Z999AA10000003009', weightLb: 1 });
  otherId = res.json().id;
});
afterAll(async () => t?.close());

const one = (i: number) => {
  const p = pkgs[i];
  if (!p) throw new Error(`no package ${i}`);
  return p;
};

describe('the barcode bwip-js draws', () => {
  it('decodes back to the exact package number', async () => {
    // A stand-in for PDFKit that paints the label's rectangles into pixels, read by ZXing.
    const width = 480;
    const height = 120;
    const data = new Uint8ClampedArray(width * height * 4).fill(255);
    let pending: [number, number, number, number] | null = null;
    const doc = {
      rect(x: number, y: number, w: number, h: number) {
        pending = [x, y, w, h];
        return doc;
      },
      fill() {
        if (!pending) return doc;
        const [x, y, w, h] = pending;
        for (let py = Math.round(y); py < Math.round(y + h); py++)
          for (let px = Math.round(x); px < Math.round(x + w); px++) data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
        pending = null;
        return doc;
      },
    };
    drawBarcode(doc as unknown as PDFKit.PDFDocument, await code128('PKG-000009'), 0, 10, width, 100);
    const wasmBinary = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({ overrides: { wasmBinary: wasmBinary.buffer as ArrayBuffer }, fireImmediately: true });
    const found = await readBarcodes({ data, width, height, colorSpace: 'srgb' } as unknown as Parameters<typeof readBarcodes>[0], {
      formats: ['Code128'],
    });
    expect(found.map((b) => b.text)).toEqual(['PKG-000009']);
  });
});

describe('package labels', () => {
  it('prints one 4x6 PDF label', async () => {
    const res = await t.api('GET', `/packages/${one(0).id}/label`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(res.rawPayload)).toBe(1);
    expect(res.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 288 432]');
  });

  it('gives the ZPL for a 203 dpi 4x6 thermal label, as raw text and as a download', async () => {
    const res = await t.api('GET', `/packages/${one(0).id}/label.zpl`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
    const zpl = res.body;
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trim().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain('^LL1218');
    expect(zpl).toMatch(new RegExp(`\\^BCN,[^\\n]*\\^FD${one(0).number}\\^FS`));
    // A customer's text never adds commands: one format, whatever the description says.
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).not.toContain('~JA');
    const download = await t.api('GET', `/packages/${one(0).id}/label.zpl?download=1`, staff);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="label-${one(0).number}.zpl"`);
  });

  it('heads the ZPL label with the courier’s logo as a graphic field, the name beside it; no logo, no graphic', async () => {
    const without = await t.api('GET', `/packages/${otherId}/label.zpl`, otherStaff);
    expect(without.body).not.toContain('^GFA');
    expect(without.body).toContain('^FO40,36^A0N,40,40^FB732,1,0,L^FDOTL Courier^FS');
    // A 16 x 2 GIF (the format pdfkit cannot draw), left half black: it fills the 160 x 80 box's width.
    const gif = Buffer.alloc(256);
    const writer = new GifWriter(gif, 16, 2, { palette: [0x000000, 0xffffff] });
    writer.addFrame(
      0,
      0,
      16,
      2,
      Array.from({ length: 32 }, (_, i) => (i % 16 < 8 ? 0 : 1)),
    );
    const body = multipart({}, { field: 'logo', name: 'logo.gif', type: 'image/gif', data: gif.subarray(0, writer.end()) });
    const upload = await t.api({
      method: 'POST',
      url: `/couriers/${otherCourierId}/logo`,
      token: otherStaff,
      ...body,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const zpl = (await t.api('GET', `/packages/${otherId}/label.zpl`, otherStaff)).body;
    const field = /\^FO40,(\d+)\^GFA,(\d+),(\d+),(\d+),([0-9A-F]+)\^FS/.exec(zpl);
    expect(field, zpl.slice(0, 300)).not.toBeNull();
    const [, y, total, again, perRow, hex] = field ?? [];
    // 160 x 20 dots, centred in the box's 80: 20 bytes a row, 400 bytes, 800 hex digits.
    expect([y, total, again, perRow, hex?.length]).toEqual(['66', '400', '400', '20', 800]);
    expect(hex?.slice(0, 40)).toBe('FF'.repeat(10) + '00'.repeat(10));
    expect(zpl).toContain('^FO216,36^A0N,40,40^FB556,1,0,L^FDOTL Courier^FS');
    expect(zpl.match(/\^GFA/g)).toHaveLength(1);
    // Another courier's label stays without it.
    expect((await t.api('GET', `/packages/${one(0).id}/label.zpl`, staff)).body).not.toContain('^GFA');
  });

  it('reprints a selection in bulk: one PDF page and one ZPL format per package, in order', async () => {
    const ids = `${one(1).id},${one(0).id}`;
    const pdf = await t.api('GET', `/packages/labels.pdf?ids=${ids}`, staff);
    expect(pdf.statusCode).toBe(200);
    expect(pages(pdf.rawPayload)).toBe(2);
    const zpl = await t.api('GET', `/packages/labels.zpl?ids=${ids}`, staff);
    const numbers = [...zpl.body.matchAll(/\^BCN[^\n]*\^FD(PKG-\d+)\^FS/g)].map((m) => m[1]);
    expect(numbers).toEqual([one(1).number, one(0).number]);
  });

  it("refuses another courier's package, alone or in a selection", async () => {
    expect((await t.api('GET', `/packages/${otherId}/label`, staff)).statusCode).toBe(404);
    expect((await t.api('GET', `/packages/${otherId}/label.zpl`, staff)).statusCode).toBe(404);
    const mixed = await t.api('GET', `/packages/labels.zpl?ids=${one(0).id},${otherId}`, staff);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.body).not.toContain('^XA');
    expect((await t.api('GET', `/packages/labels.pdf?ids=${one(0).id}`, otherStaff)).statusCode).toBe(404);
  });

  it('refuses a malformed selection in our words', async () => {
    const res = await t.api('GET', '/packages/labels.pdf?ids=1;DROP', staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PACKAGE_MESSAGES.chooseAtLeastOne);
  });
});
