import { mkdirSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrintedRow, overlappingRows, pdfPngs, printedTableRows } from '../../../test/pdf-layout';
import { pdfText } from '../../../test/pdf-text';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';
import { customers } from '../../db/schema/customers';
import { deliveryRequestPackages } from '../../db/schema/delivery-request-packages';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { packages } from '../../db/schema/packages';
import { payments } from '../../db/schema/payments';
import { pageOptions } from './layout';
import type { Letterhead } from './letterhead';
import { renderPdf } from './render';

/** Where the rendered pages are kept for people to look at. */
const SCREENS = new URL('../../../../../docs/screens/documents/', import.meta.url);

const USPS = '9400111899223344556677';
const LONG_NAME = { firstName: 'Alexandrina-Marguerite', lastName: 'Montgomery-Fitzwilliam Jr.' };

let w: DeskWorld;
const docs: Record<string, Buffer> = {};

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Jamaica' }).format(new Date());

async function fetchPdf(url: string): Promise<Buffer> {
  const res = await w.api('GET', url, w.tokens.admin);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  return res.rawPayload;
}

beforeAll(async () => {
  w = await buildDeskWorld();
  const db = w.t.db;
  await db.update(customers).set(LONG_NAME).where(eq(customers.id, w.customerId));

  // An invoice for a USPS parcel with a long description, paid partly in cash, partly by a test-mode card, with a refund.
  const issued = await w.issue([3, 1], [12_000, 4_500]);
  await db
    .update(packages)
    .set({ trackingNumber: USPS, description: 'Replacement laptop battery, charger and a braided USB-C cable, boxed' })
    .where(eq(packages.id, issued.packageIds[0] as number));
  const cash = await w.api('POST', '/payments', w.tokens.staff, {
    method: 'cash',
    tenderedCents: 1000_00,
    allocations: [{ invoiceNo: issued.invoiceNo, amountCents: 600_00 }],
  });
  expect(cash.statusCode, cash.body).toBe(201);
  const card = await w.api('POST', '/payments', w.tokens.staff, {
    method: 'card',
    reference: 'AUTH 558812',
    allocations: [{ invoiceNo: issued.invoiceNo, amountCents: 400_00 }],
  });
  expect(card.statusCode, card.body).toBe(201);
  const testReceipt = card.json().receiptNo as string;
  await db.update(payments).set({ test: true }).where(eq(payments.receiptNo, testReceipt));
  const refund = await w.api('POST', `/payments/${cash.json().receiptNo}/refunds`, w.tokens.staff, {
    amountCents: 150_25,
    reason: 'Duty lowered after the customs assessment was corrected',
  });
  expect(refund.statusCode, refund.body).toBe(201);

  // A manifest whose rows wrap: USPS numbers, long names and descriptions.
  const manifest = await w.api('POST', '/manifests', w.tokens.admin, {
    type: 'AIR',
    mawbOrBl: '176-12345675',
    departureDate: '2026-11-20',
  });
  expect(manifest.statusCode, manifest.body).toBe(201);
  const rows = await db
    .insert(packages)
    .values(
      Array.from({ length: 14 }, (_, i) => ({
        courierId: w.courierId,
        customerId: w.customerId,
        packageNumber: `PKG-M${i + 1}`,
        trackingNumber: i % 2 === 0 ? `94001118992233445566${String(i).padStart(2, '0')}` : `1Z999AA1012345678${i}`,
        description: i % 3 === 0 ? 'Assorted kitchen utensils, a cast iron skillet and two silicone baking mats' : 'Shoes',
        status: 'received' as const,
        weightLb: 2 + i,
        declaredValueUsdCents: 5_000 + i * 1_000,
      })),
    )
    .returning({ id: packages.id });
  const added = await w.api('POST', `/manifests/${manifest.json().id}/packages`, w.tokens.admin, { packageIds: rows.map((r) => r.id) });
  expect(added.statusCode, added.body).toBeLessThan(300);

  docs.invoice = await fetchPdf(`/invoices/${issued.invoiceNo}/pdf`);
  docs.receipt = await fetchPdf(`/payments/${cash.json().receiptNo}/receipt`);
  docs['receipt-thermal'] = await fetchPdf(`/payments/${cash.json().receiptNo}/receipt?format=thermal`);
  docs['receipt-test-mode'] = await fetchPdf(`/payments/${testReceipt}/receipt`);
  docs.statement = await fetchPdf(`/account-credit/statement?month=${today().slice(0, 7)}&customerId=${w.customerId}`);
  const [till] = await db.select({ branchId: payments.branchId }).from(payments).where(eq(payments.receiptNo, cash.json().receiptNo));
  docs['cash-up'] = await fetchPdf(`/payments/cash-up/sheet?branchId=${till?.branchId}&date=${today()}`);
  docs.manifest = await fetchPdf(`/manifests/${manifest.json().id}/manifest.pdf`);
  docs.label = await fetchPdf(`/packages/${issued.packageIds[0]}/label`);

  // A stop on today's run sheet, with a long address and a note.
  const [stop] = await db
    .insert(deliveryRequests)
    .values({
      courierId: w.courierId,
      customerId: w.customerId,
      address: 'Apartment 14B, Windsor Court, 22 Hope Road, Liguanea, Kingston 6',
      preferredDate: today(),
      scheduledDate: today(),
      phone: '876-555-0199',
      notes: 'Call on arrival; the gate code is 4471 and the dog is friendly.',
      status: 'scheduled',
      stopOrder: 1,
    })
    .returning({ id: deliveryRequests.id });
  await db
    .insert(deliveryRequestPackages)
    .values({ courierId: w.courierId, deliveryRequestId: stop?.id as number, packageId: issued.packageIds[1] as number });
  docs['run-sheet'] = await fetchPdf(`/delivery-run-sheet?date=${today()}`);
}, 240_000);
afterAll(async () => w?.t.close());

describe('every printed document', () => {
  it('is rendered to PNG, page by page, for people to look at', async () => {
    mkdirSync(SCREENS, { recursive: true });
    for (const [kind, pdf] of Object.entries(docs)) {
      const pngs = await pdfPngs(pdf, kind === 'label' || kind === 'receipt-thermal' ? 600 : 1224);
      expect(pngs.length, kind).toBeGreaterThan(0);
      for (const [i, png] of pngs.entries()) writeFileSync(new URL(`${kind}${pngs.length > 1 ? `-p${i + 1}` : ''}.png`, SCREENS), png);
    }
  }, 120_000);

  it('prints tables whose rows never run into the next one: a long name or USPS number wraps inside its row', async () => {
    for (const [kind, pdf] of Object.entries(docs)) {
      if (kind === 'label') continue;
      const pages = await printedTableRows(pdf);
      const rows = pages.flat(2);
      expect(rows.length, `${kind} has no tagged table rows`).toBeGreaterThan(1);
      expect(overlappingRows(pages), kind).toEqual([]);
    }
    // The USPS number and the long name are printed whole, in the rows they belong to.
    const manifestRows = (await printedTableRows(docs.manifest as Buffer)).flat(2).map((r) => r.text.replace(/\s+/g, ''));
    expect(manifestRows.some((t) => t.includes('94001118992233445566') && t.includes('Montgomery-FitzwilliamJr.'))).toBe(true);
  });

  it('sets a fee’s caption in a row of its own, clear of the line under it', async () => {
    const rows: PrintedRow[] = (await printedTableRows(docs.invoice as Buffer)).flat(2);
    const caption = rows.findIndex((r) => r.text.startsWith('Fee:') || r.text.includes('rates from'));
    expect(caption, rows.map((r) => r.text).join('\n')).toBeGreaterThan(0);
    const next = rows[caption + 1];
    if (next) expect(next.box.top - (rows[caption] as PrintedRow).box.bottom).toBeGreaterThan(2);
  });

  it('marks what test mode made with TEST, and prints a refund as negative money', async () => {
    expect(await pdfText(docs['receipt-test-mode'] as Buffer)).toMatch(/TEST Receipt/);
    const invoice = (await pdfText(docs.invoice as Buffer)).replace(/\s+/g, ' ');
    expect(invoice).toContain('TEST');
    expect(invoice).toContain('JMD -150.25');
    expect(invoice).toContain('Balance due');
    const cashUp = (await pdfText(docs['cash-up'] as Buffer)).replace(/\s+/g, ' ');
    expect(cashUp).toContain('JMD -150.25');
    expect(cashUp).toContain('Card (TEST) (AUTH 558812)');
  });

  it('has a check that finds rows printed over each other', async () => {
    // Rows stepped 13 pt apart while their text wraps: what the manifest used to print.
    const lh = { name: 'Check', accent: '#124a7d', paperSize: 'letter', logo: null } as unknown as Letterhead;
    const cramped = await renderPdf(
      (doc) => {
        const table = doc.struct('Table');
        doc.addStructure(table);
        for (const [i, cells] of [
          [USPS, 'A long name that wraps onto a second line'],
          ['1Z1', 'Short'],
        ].entries()) {
          const tr = doc.struct('TR');
          table.add(tr);
          for (const [j, text] of cells.entries())
            tr.add(doc.struct('TD', {}, () => doc.fontSize(7.5).text(text, 50 + j * 70, 60 + i * 13, { width: 60 })));
          tr.end();
        }
        table.end();
      },
      pageOptions(lh, 'check'),
    );
    const found = overlappingRows(await printedTableRows(cramped));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('runs into "1Z1 Short"');
  });
});
