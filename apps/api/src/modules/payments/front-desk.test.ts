import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone, formatDateTime } from '@courier/shared/domain/datetime';
import { pdfText } from '../../../test/pdf-text';
import { auditLog } from '../../db/schema/audit-log';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { payments } from '../../db/schema/payments';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';

let w: DeskWorld;

beforeAll(async () => {
  w = await buildDeskWorld();
});
afterAll(async () => w?.t.close());

describe('super admin payments', () => {
  it('records a payment on a courier invoice, the courier taken from the invoice', async () => {
    const { invoiceNo, totalCents } = await w.issue([1]);
    const res = await w.api('POST', '/payments', w.tokens.superAdmin, {
      method: 'card',
      branchId: w.branchId,
      allocations: [{ invoiceNo, amountCents: totalCents }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await w.api('GET', `/invoices/${invoiceNo}`, w.tokens.manager)).json();
    expect(detail.status).toBe('paid');
    // Naming the courier still works, and a courier without that invoice answers not found.
    const other = await w.issue([1]);
    const named = await w.api('POST', `/payments?courierId=${w.courierId}`, w.tokens.superAdmin, {
      method: 'cash',
      branchId: w.branchId,
      allocations: [{ invoiceNo: other.invoiceNo, amountCents: 100_00 }],
    });
    expect(named.statusCode, named.body).toBe(201);
    const wrong = await w.api('POST', `/payments?courierId=${w.secondCourierId}`, w.tokens.superAdmin, {
      method: 'cash',
      branchId: w.branchId,
      allocations: [{ invoiceNo: other.invoiceNo, amountCents: 100_00 }],
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('receipts', () => {
  it('print the balance after that payment, and the time in the courier time zone', async () => {
    // 1 lb: freight 650.00 + GCT 107.25 = 757.25
    const { invoiceNo, totalCents } = await w.issue([1]);
    expect(totalCents).toBe(757_25);
    const first = await w.api('POST', '/payments', w.tokens.staff, { method: 'cash', allocations: [{ invoiceNo, amountCents: 300_00 }] });
    expect(first.statusCode, first.body).toBe(201);
    const second = await w.api('POST', '/payments', w.tokens.staff, { method: 'card', allocations: [{ invoiceNo, amountCents: 200_00 }] });
    expect(second.statusCode, second.body).toBe(201);

    const receipt = await w.api('GET', `/payments/${first.json().receiptNo}/receipt`, w.tokens.customer);
    expect(receipt.statusCode).toBe(200);
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain('balance after: JMD 457.25');
    expect(text).not.toContain('balance after: JMD 257.25');
    const [row] = await w.t.db.select().from(payments).where(eq(payments.receiptNo, first.json().receiptNo));
    if (!row) throw new Error('no payment');
    expect(text).toContain(formatDateTime(row.paidAt, 'America/Jamaica'));
    expect(text).not.toContain(' UTC');
    const later = await pdfText((await w.api('GET', `/payments/${second.json().receiptNo}/receipt`, w.tokens.customer)).rawPayload);
    expect(later).toContain('balance after: JMD 257.25');

    // The e-mail says the same balance, and the time where the courier is.
    const mails = await w.t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, 'customer@example.test'),
          like(emailOutbox.subject, `%: Receipt ${first.json().receiptNo}: JMD 300.00 received`),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(`${invoiceNo}: JMD 300.00 applied, balance JMD 457.25`);
    expect(mails[0]?.textBody).toContain(formatDateTime(row.paidAt, 'America/Jamaica'));
  });

  it('follow the courier time zone setting, which must be a real zone', async () => {
    const company = { name: 'Jamaica Express Post', first_name: 'Ann', last_name: 'Reid', email: 'office@jamaicaexpress.test' };
    const bad = await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, { ...company, time_zone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.time_zone).toEqual(['Choose a time zone from the list (e.g. America/Jamaica)']);
    const ok = await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, { ...company, time_zone: 'Europe/London' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().time_zone).toBe('Europe/London');
    try {
      const { invoiceNo } = await w.issue([1]);
      const paid = await w.api('POST', '/payments', w.tokens.staff, { method: 'cash', allocations: [{ invoiceNo, amountCents: 100_00 }] });
      const [row] = await w.t.db.select().from(payments).where(eq(payments.receiptNo, paid.json().receiptNo));
      if (!row) throw new Error('no payment');
      const text = await pdfText((await w.api('GET', `/payments/${paid.json().receiptNo}/receipt`, w.tokens.staff)).rawPayload);
      expect(text).toContain(formatDateTime(row.paidAt, 'Europe/London'));
      const invoicePdf = await pdfText((await w.api('GET', `/invoices/${invoiceNo}/pdf`, w.tokens.staff)).rawPayload);
      expect(invoicePdf).toContain(formatDateTime(row.paidAt, 'Europe/London'));
    } finally {
      await w.t.db.update(couriers).set({ timeZone: 'America/Jamaica' }).where(eq(couriers.id, w.courierId));
    }
  });
});

describe('customs assessment', () => {
  it('replaces the chosen package duty line: the total moves by (assessed - computed), and the history keeps both', async () => {
    // Package A: no duty. Package B: USD 200 at 150 + freight 650.00 = CIF 30,650.00: duty 6,130.00 + SCF
    // 91.95 + levy 153.25 + GCT on import 15% of 37,025.20 5,553.78 + CAF 2,500.00 + stamp 100.00 = 14,528.98.
    const { invoiceNo, totalCents, packageIds } = await w.issue([1, 1], [0, 200_00]);
    const [a, b] = packageIds;
    const before = (await w.api('GET', `/invoices/${invoiceNo}`, w.tokens.manager)).json();
    expect(before.packages.map((p: { id: number; computedDutyCents: number }) => [p.id, p.computedDutyCents])).toEqual([
      [a, 0],
      [b, 14_528_98],
    ]);

    const res = await w.api('PUT', `/invoices/${invoiceNo}/customs`, w.tokens.manager, { packageId: b, assessedCents: 4000_00 });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await w.api('GET', `/invoices/${invoiceNo}`, w.tokens.manager)).json();
    expect(after.totalCents - totalCents).toBe(4000_00 - 14_528_98);
    const dutyLines = after.lines.filter((l: { kind: string }) => l.kind === 'customs_duty');
    expect(dutyLines.map((l: { packageId: number; amountCents: number }) => [l.packageId, l.amountCents])).toEqual([[b, 4000_00]]);
    expect(after.customsHistory).toMatchObject([
      { packageId: b, computedCents: 14_528_98, assessedBeforeCents: null, assessedCents: 4000_00, totalBeforeCents: totalCents },
    ]);
    expect(after.customsHistory[0].totalAfterCents).toBe(after.totalCents);
    expect(after.customsHistory[0].byName).toBeTruthy();
  });
});

describe('cash desk', () => {
  it('records the cash tendered and the change due, and refuses tendered amounts that do not fit', async () => {
    const { invoiceNo } = await w.issue([1]); // 757.25
    const pay = (body: Record<string, unknown>) =>
      w.api('POST', '/payments', w.tokens.staff, { allocations: [{ invoiceNo, amountCents: 757_25 }], ...body });
    const short = await pay({ method: 'cash', tenderedCents: 700_00 });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.tenderedCents).toEqual(['The amount tendered is less than the payment (JMD 757.25)']);
    const card = await pay({ method: 'card', tenderedCents: 1000_00 });
    expect(card.statusCode).toBe(400);
    expect(card.json().fieldErrors.tenderedCents).toEqual(['Amount tendered applies to cash payments only']);

    const res = await pay({ method: 'cash', tenderedCents: 1000_00 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().changeCents).toBe(242_75);
    const [row] = await w.t.db.select().from(payments).where(eq(payments.receiptNo, res.json().receiptNo));
    expect([row?.tenderedCents, row?.changeCents]).toEqual([1000_00, 242_75]);
    const text = await pdfText((await w.api('GET', `/payments/${res.json().receiptNo}/receipt`, w.tokens.staff)).rawPayload);
    expect(text).toContain('Tendered');
    expect(text).toContain('JMD 1,000.00');
    expect(text).toContain('JMD 242.75');
  });

  it('overpaying answers only the overpayment, not a missing invoice', async () => {
    const { invoiceNo } = await w.issue([1]);
    const res = await w.api('POST', '/payments', w.tokens.staff, { method: 'cash', allocations: [{ invoiceNo, amountCents: 900_00 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`The payment is more than the balance of ${invoiceNo} (JMD 757.25)`);
    expect(JSON.stringify(res.json())).not.toContain('Choose at least one invoice');
  });

  it("cash-up: a cash refund handed over today leaves the drawer's expected cash", async () => {
    const [branch] = await w.t.db
      .insert(branches)
      .values({ courierId: w.courierId, name: 'Old Harbour', code: 'OHB', address: '2 Main St', parish: 'St. Catherine' })
      .returning();
    if (!branch) throw new Error('branch insert failed');
    const { invoiceNo } = await w.issue([1, 1]);
    const cash = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'cash',
      branchId: branch.id,
      allocations: [{ invoiceNo, amountCents: 800_00 }],
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const refund = await w.api('POST', `/payments/${cash.json().receiptNo}/refunds`, w.tokens.admin, {
      branchId: branch.id,
      amountCents: 250_00,
      reason: 'Charged twice for one parcel',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const q = `branchId=${branch.id}&date=${dayInZone(new Date(), 'America/Jamaica')}`;
    const expected = (await w.api('GET', `/payments/cash-up?${q}`, w.tokens.manager)).json();
    expect(expected.expectedCashCents).toBe(550_00);
  });

  it('cash-up: opening float, counts by method, the difference, corrections as new audited entries, the end-of-day sheet', async () => {
    const [branch] = await w.t.db
      .insert(branches)
      .values({ courierId: w.courierId, name: 'Spanish Town', code: 'SPT', address: '1 Main St', parish: 'St. Catherine' })
      .returning();
    if (!branch) throw new Error('branch insert failed');
    const { invoiceNo } = await w.issue([1, 1]); // 1514.50
    const cash = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'cash',
      branchId: branch.id,
      tenderedCents: 1000_00,
      allocations: [{ invoiceNo, amountCents: 800_00 }],
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const transfer = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'bank_transfer',
      reference: 'NCB-1',
      branchId: branch.id,
      allocations: [{ invoiceNo, amountCents: 300_00 }],
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const date = dayInZone(new Date(), 'America/Jamaica');
    const q = `branchId=${branch.id}&date=${date}`;
    const expected = (await w.api('GET', `/payments/cash-up?${q}`, w.tokens.manager)).json();
    expect([expected.expectedCashCents, expected.expectedBankTransferCents, expected.recorded]).toEqual([800_00, 300_00, null]);

    const first = await w.api('POST', '/payments/cash-up', w.tokens.manager, {
      branchId: branch.id,
      date,
      openingFloatCents: 500_00,
      countedCashCents: 1250_00, // float 500 + 750: 50.00 short
      countedCardCents: 0,
      countedBankTransferCents: 300_00,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().recorded).toMatchObject({ openingFloatCents: 500_00, differenceCents: -50_00, correctsId: null });
    const again = await w.api('POST', '/payments/cash-up', w.tokens.manager, {
      branchId: branch.id,
      date,
      countedCashCents: 0,
      countedCardCents: 0,
    });
    expect(again.statusCode).toBe(409);

    const noReason = await w.api('POST', '/payments/cash-up/corrections', w.tokens.manager, {
      branchId: branch.id,
      date,
      openingFloatCents: 500_00,
      countedCashCents: 1300_00,
      countedCardCents: 0,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toEqual(['Please give a reason for the correction']);
    const corrected = await w.api('POST', '/payments/cash-up/corrections', w.tokens.manager, {
      branchId: branch.id,
      date,
      openingFloatCents: 500_00,
      countedCashCents: 1300_00,
      countedCardCents: 0,
      countedBankTransferCents: 300_00,
      reason: 'A 50 note was in the card terminal tray',
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const day = corrected.json();
    expect(day.entries).toHaveLength(2);
    expect(day.entries[0]).toMatchObject({ countedCashCents: 1250_00, differenceCents: -50_00 });
    expect(day.recorded).toMatchObject({
      correctsId: day.entries[0].id,
      differenceCents: 0,
      reason: 'A 50 note was in the card terminal tray',
    });

    const audits = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cash_up'), eq(auditLog.entityId, `${branch.id}:${date}`)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['cash_up.recorded', 'cash_up.corrected']);
    expect(audits[1]?.details).toMatchObject({
      reason: 'A 50 note was in the card terminal tray',
      before: { countedCashCents: 1250_00, differenceCents: -50_00 },
      after: { countedCashCents: 1300_00, differenceCents: 0 },
    });

    const sheet = await w.api('GET', `/payments/cash-up/sheet?${q}`, w.tokens.manager);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    // Lines wrap where the page ends them: compare with the spacing folded.
    const text = (await pdfText(sheet.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('End-of-day sheet: Spanish Town');
    expect(text).toContain(cash.json().receiptNo);
    expect(text).toContain('change JMD 200.00');
    expect(text).toContain('Opening float');
    expect(text).toContain('Correction by');
    expect(text).toContain('A 50 note was in the card terminal tray');

    // Another courier's admin sees nothing of this branch.
    const foreign = await w.api('GET', `/payments/cash-up/sheet?${q}`, w.tokens.secondAdmin);
    expect(foreign.statusCode).toBe(404);
  });
});
