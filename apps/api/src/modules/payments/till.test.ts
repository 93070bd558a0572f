import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { pdfText } from '../../../test/pdf-text';
import { auditLog } from '../../db/schema/audit-log';
import { branches } from '../../db/schema/branches';
import { emailOutbox } from '../../db/schema/email';
import { invoices } from '../../db/schema/invoices';
import { payments } from '../../db/schema/payments';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';

/** Every payment belongs to a till, refunds leave the till they are handed back over, and refunds are credit notes. */
let w: DeskWorld;
let mayPen: number;
let chapelton: number;
const today = () => dayInZone(new Date(), 'America/Jamaica');

beforeAll(async () => {
  w = await buildDeskWorld();
  const rows = await w.t.db.select().from(branches).where(eq(branches.courierId, w.courierId));
  const byName = (name: string) => {
    const found = rows.find((b) => b.name.includes(name));
    if (!found) throw new Error(`no branch ${name}`);
    return found.id;
  };
  mayPen = byName('May Pen');
  chapelton = byName('Chapelton');
});
afterAll(async () => w?.t.close());

const cashUp = async (branchId: number) =>
  (await w.api('GET', `/payments/cash-up?branchId=${branchId}&date=${today()}`, w.tokens.manager)).json();

describe('the till of a payment', () => {
  it('an admin without a branch must name the till; the payment then counts in that branch only', async () => {
    const { invoiceNo } = await w.issue([1, 1]); // 1514.50
    const [beforeMayPen, beforeChapelton] = [await cashUp(mayPen), await cashUp(chapelton)];

    const noTill = await w.api('POST', '/payments', w.tokens.admin, { method: 'cash', allocations: [{ invoiceNo, amountCents: 1000_00 }] });
    expect(noTill.statusCode, noTill.body).toBe(422);
    expect(noTill.json().message).toBe(BILLING_MESSAGES.tillRequired);
    expect(noTill.json().fieldErrors.branchId).toEqual([BILLING_MESSAGES.tillRequired]);
    // Nothing was taken: the invoice still owes all of it.
    expect((await w.api('GET', `/invoices/${invoiceNo}`, w.tokens.admin)).json().paidCents).toBe(0);

    const foreignTill = await w.api('POST', '/payments', w.tokens.secondAdmin, {
      method: 'cash',
      branchId: chapelton,
      allocations: [{ invoiceNo, amountCents: 100_00 }],
    });
    expect(foreignTill.statusCode).toBe(404);

    const paid = await w.api('POST', '/payments', w.tokens.admin, {
      method: 'cash',
      branchId: chapelton,
      tenderedCents: 1000_00,
      allocations: [{ invoiceNo, amountCents: 1000_00 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [afterMayPen, afterChapelton] = [await cashUp(mayPen), await cashUp(chapelton)];
    expect(afterChapelton.expectedCashCents - beforeChapelton.expectedCashCents).toBe(1000_00);
    expect(afterMayPen.expectedCashCents).toBe(beforeMayPen.expectedCashCents);

    // Staff with a branch still take it at their own till without naming it.
    const staff = await w.api('POST', '/payments', w.tokens.staff, { method: 'card', allocations: [{ invoiceNo, amountCents: 100_00 }] });
    expect(staff.statusCode, staff.body).toBe(201);
    expect((await cashUp(mayPen)).expectedCardCents - beforeMayPen.expectedCardCents).toBe(100_00);
  });

  it('a cash refund leaves the drawer of the branch where it is handed back, and the day balances to the cent', async () => {
    const { invoiceNo } = await w.issue([1, 1, 1]); // 2271.75
    const before = { mayPen: await cashUp(mayPen), chapelton: await cashUp(chapelton) };
    const paid = await w.api('POST', '/payments', w.tokens.admin, {
      method: 'cash',
      branchId: mayPen,
      allocations: [{ invoiceNo, amountCents: 2271_75 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receiptNo = paid.json().receiptNo as string;

    const noTill = await w.api('POST', `/payments/${receiptNo}/refunds`, w.tokens.admin, { amountCents: 500_00, reason: 'Overcharged' });
    expect(noTill.statusCode).toBe(422);
    expect(noTill.json().message).toBe(BILLING_MESSAGES.refundTillRequired);

    const refund = await w.api('POST', `/payments/${receiptNo}/refunds`, w.tokens.admin, {
      amountCents: 500_25,
      reason: 'Overcharged',
      branchId: chapelton,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    // The clerk at May Pen hands back more of it over her own till.
    const clerk = await w.api('POST', `/payments/${receiptNo}/refunds`, w.tokens.staff, { amountCents: 71_50, reason: 'Duty lowered' });
    expect(clerk.statusCode, clerk.body).toBe(201);

    const after = { mayPen: await cashUp(mayPen), chapelton: await cashUp(chapelton) };
    expect(after.mayPen.expectedCashCents - before.mayPen.expectedCashCents).toBe(2271_75 - 71_50);
    expect(after.chapelton.expectedCashCents - before.chapelton.expectedCashCents).toBe(-500_25);
    expect(after.chapelton.refundedCents - before.chapelton.refundedCents).toBe(500_25);

    // The end-of-day sheet lists the refund with its credit note.
    const sheet = await w.api('GET', `/payments/cash-up/sheet?branchId=${chapelton}&date=${today()}`, w.tokens.manager);
    const text = (await pdfText(sheet.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(refund.json().creditNoteNo);
    // Negative money is written by the one formatter: "JMD -500.25", never "-JMD".
    expect(text).toContain('JMD -500.25');
    expect(text).not.toContain('-JMD');
  });

  it('shows payments on no till until someone places them, once, audited', async () => {
    const { invoiceNo } = await w.issue([1]);
    // An older payment taken before every payment had a till.
    const taken = await w.api('POST', '/payments', w.tokens.staff, { method: 'cash', allocations: [{ invoiceNo, amountCents: 300_00 }] });
    expect(taken.statusCode).toBe(201);
    const receiptNo = taken.json().receiptNo as string;
    await w.t.db
      .update(payments)
      .set({ branchId: null })
      .where(and(eq(payments.courierId, w.courierId), eq(payments.receiptNo, receiptNo)));
    const before = await cashUp(chapelton);
    expect(before.unassigned.map((p: { receiptNo: string }) => p.receiptNo)).toContain(receiptNo);
    expect(before.unassigned.find((p: { receiptNo: string }) => p.receiptNo === receiptNo)).toMatchObject({
      method: 'cash',
      amountCents: 300_00,
    });
    // Another courier's cash-up never lists it, and cannot place it.
    const foreign = await w.api('POST', `/payments/${receiptNo}/till`, w.tokens.secondAdmin, { branchId: chapelton });
    expect(foreign.statusCode).toBe(404);

    const placed = await w.api('POST', `/payments/${receiptNo}/till`, w.tokens.manager, { branchId: chapelton });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().message).toBe(BILLING_MESSAGES.placedOnTill(receiptNo, 'Chapelton'));
    const after = await cashUp(chapelton);
    expect(after.unassigned.map((p: { receiptNo: string }) => p.receiptNo)).not.toContain(receiptNo);
    expect(after.expectedCashCents - before.expectedCashCents).toBe(300_00);

    const again = await w.api('POST', `/payments/${receiptNo}/till`, w.tokens.manager, { branchId: mayPen });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_MESSAGES.alreadyOnTill('Chapelton'));
    const [audited] = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.placed_on_till'), eq(auditLog.entityId, receiptNo)));
    expect(audited?.details).toMatchObject({ before: { branchId: null }, after: { branchId: chapelton } });
    expect((await w.api('POST', `/payments/${receiptNo}/till`, w.tokens.customer, { branchId: mayPen })).statusCode).toBe(403);
  });
});

describe('refunds are credit notes', () => {
  it('a refund on a paid invoice keeps it paid: a numbered credit note on the invoice, its PDF, the mail and the payment history', async () => {
    const { invoiceNo, totalCents } = await w.issue([2, 1]);
    const paid = await w.api('POST', '/payments', w.tokens.staff, {
      method: 'cash',
      allocations: [{ invoiceNo, amountCents: totalCents }],
    });
    const receiptNo = paid.json().receiptNo as string;
    const refund = await w.api('POST', `/payments/${receiptNo}/refunds`, w.tokens.staff, { amountCents: 500_00, reason: 'Damaged box' });
    expect(refund.statusCode, refund.body).toBe(201);
    const creditNoteNo = refund.json().creditNoteNo as string;
    expect(creditNoteNo).toMatch(/^CN-\d{6}$/);
    expect(refund.json().balanceCents).toBe(0);

    const detail = (await w.api('GET', `/invoices/${invoiceNo}`, w.tokens.customer)).json();
    expect(detail).toMatchObject({ status: 'paid', balanceCents: 0, paidCents: totalCents, creditedCents: 500_00 });
    expect(detail.creditNotes).toEqual([expect.objectContaining({ creditNoteNo, receiptNo, amountCents: 500_00, reason: 'Damaged box' })]);
    const [row] = await w.t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.courierId, w.courierId), eq(invoices.invoiceNo, invoiceNo)));
    expect(row?.status).toBe('paid');

    const pdf = (await pdfText((await w.api('GET', `/invoices/${invoiceNo}/pdf`, w.tokens.customer)).rawPayload)).replace(/\s+/g, ' ');
    expect(pdf).toContain(`Credit note ${creditNoteNo}`);
    expect(pdf).toContain(`Credit note ${creditNoteNo} (refund of ${receiptNo}) JMD -500.00`);
    expect(pdf).toContain('Refunded JMD -500.00');
    expect(pdf).not.toContain('-JMD');
    expect(pdf).toContain('Status: Paid');

    // The customer's payment history says what came back of the payment, and why the totals differ.
    const history = (await w.api('GET', '/payments?limit=100', w.tokens.customer)).json();
    expect(history.data.find((p: { receiptNo: string }) => p.receiptNo === receiptNo)).toMatchObject({
      amountCents: totalCents,
      refundedCents: 500_00,
      creditNoteNos: [creditNoteNo],
    });
    const [mail] = await w.t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%: Refund of JMD 500.00 on receipt ${receiptNo} (credit note ${creditNoteNo})`));
    expect(mail?.textBody).toContain(`Credit note: ${creditNoteNo}`);

    // Credit notes are numbered one after another per courier.
    const next = await w.api('POST', `/payments/${receiptNo}/refunds`, w.tokens.staff, { amountCents: 1_00, reason: 'Rounding' });
    expect(Number(next.json().creditNoteNo.slice(3))).toBe(Number(creditNoteNo.slice(3)) + 1);
    expect((await w.api('GET', `/invoices/${invoiceNo}`, w.tokens.customer)).json()).toMatchObject({
      status: 'paid',
      balanceCents: 0,
      creditedCents: 501_00,
    });
  });

  it('a refund on a partly paid invoice leaves its balance where it was', async () => {
    const { invoiceNo, totalCents } = await w.issue([1]);
    const paid = await w.api('POST', '/payments', w.tokens.staff, { method: 'card', allocations: [{ invoiceNo, amountCents: 400_00 }] });
    const refund = await w.api('POST', `/payments/${paid.json().receiptNo}/refunds`, w.tokens.staff, { amountCents: 100_00, reason: 'x' });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((await w.api('GET', `/invoices/${invoiceNo}`, w.tokens.staff)).json()).toMatchObject({
      status: 'partially_paid',
      balanceCents: totalCents - 400_00,
    });
  });
});
