import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, type PaymentMethod, INVOICE_STATUS_LABELS, type InvoiceStatus } from '@courier/shared/constants/billing';
import { type CreditEntryKind, creditEntryText } from '@courier/shared/schemas/account-credit';
import { dayBoundsInZone, dayInZone, formatDate } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import type { Db } from '../../db/client';
import { accountCreditEntries, customerStatements } from '../../db/schema/account-credit';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { paymentAllocations } from '../../db/schema/payment-allocations';
import { payments } from '../../db/schema/payments';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { drawBlocks, drawHeader, drawSection, drawTable, drawTotals, pageOptions } from '../../lib/pdf/layout';
import { type Letterhead, type LetterheadDeps, loadLetterhead } from '../../lib/pdf/letterhead';
import { renderPdf } from '../../lib/pdf/render';

export interface StatementData {
  month: string;
  timeZone: string;
  customerName: string;
  businessName: string | null;
  mailboxNumber: string;
  email: string;
  openingCents: number;
  invoices: Array<{ invoiceNo: string; issuedAt: Date; totalCents: number; status: InvoiceStatus }>;
  payments: Array<{ receiptNo: string; paidAt: Date; method: PaymentMethod; amountCents: number }>;
  credits: Array<{ kind: CreditEntryKind; description: string; amountCents: number; createdAt: Date }>;
  closingCents: number;
  creditBalanceCents: number;
}

/** The first and last moment of a `YYYY-MM` month in the courier's time zone. */
export function monthBounds(month: string, zone: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start: dayBoundsInZone(`${month}-01`, zone).start, end: dayBoundsInZone(next, zone).start };
}

/** The month before the one `now` falls in, in the zone: what the statement of the 1st covers. */
export function previousMonth(now: Date, zone: string): string {
  const [y, m] = dayInZone(now, zone).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * A customer's statement of account for a month: what was owed at its start, the invoices issued
 * and payments received in it (account credit used is a payment), the credit added, and what is
 * owed at its end. Void invoices count nowhere; a refund's credit note lowers charged and paid alike.
 */
export async function statementData(db: Db, courierId: number, customerId: number, month: string): Promise<StatementData> {
  const [c] = await db
    .select({
      name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      businessName: customers.businessName,
      mailboxNumber: customers.mailboxNumber,
      email: customers.email,
      timeZone: couriers.timeZone,
    })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
  if (!c) throw new AppError('not_found', 'Customer not found');
  const { start, end } = monthBounds(month, c.timeZone);
  const mine = and(eq(invoices.courierId, courierId), eq(invoices.customerId, customerId), ne(invoices.status, 'void'));
  const billedBefore = async (until: Date) => {
    const [r] = await db
      .select({ cents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int` })
      .from(invoices)
      .where(and(mine, lt(invoices.issuedAt, until)));
    return r?.cents ?? 0;
  };
  const paidBefore = async (until: Date) => {
    const [r] = await db
      .select({ cents: sql<number>`coalesce(sum(${paymentAllocations.amountCents}), 0)::int` })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
      .where(and(mine, lt(payments.paidAt, until)));
    return r?.cents ?? 0;
  };
  const monthInvoices = await db
    .select({ invoiceNo: invoices.invoiceNo, issuedAt: invoices.issuedAt, totalCents: invoices.totalCents, status: invoices.status })
    .from(invoices)
    .where(and(mine, gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  const monthPayments = await db
    .select({ receiptNo: payments.receiptNo, paidAt: payments.paidAt, method: payments.method, amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(eq(payments.courierId, courierId), eq(payments.customerId, customerId), gte(payments.paidAt, start), lt(payments.paidAt, end)),
    )
    .orderBy(asc(payments.paidAt), asc(payments.id));
  const credits = await db
    .select({
      kind: accountCreditEntries.kind,
      description: accountCreditEntries.description,
      amountCents: accountCreditEntries.amountCents,
      createdAt: accountCreditEntries.createdAt,
    })
    .from(accountCreditEntries)
    .where(
      and(
        eq(accountCreditEntries.courierId, courierId),
        eq(accountCreditEntries.customerId, customerId),
        gte(accountCreditEntries.createdAt, start),
        lt(accountCreditEntries.createdAt, end),
      ),
    )
    .orderBy(asc(accountCreditEntries.createdAt), asc(accountCreditEntries.id));
  const [lastEntry] = await db
    .select({ balance: accountCreditEntries.balanceAfterCents })
    .from(accountCreditEntries)
    .where(and(eq(accountCreditEntries.customerId, customerId), lt(accountCreditEntries.createdAt, end)))
    .orderBy(sql`${accountCreditEntries.createdAt} desc, ${accountCreditEntries.id} desc`)
    .limit(1);
  return {
    month,
    timeZone: c.timeZone,
    customerName: c.name,
    businessName: c.businessName,
    mailboxNumber: c.mailboxNumber,
    email: c.email,
    openingCents: (await billedBefore(start)) - (await paidBefore(start)),
    invoices: monthInvoices,
    payments: monthPayments,
    credits,
    closingCents: (await billedBefore(end)) - (await paidBefore(end)),
    creditBalanceCents: lastEntry?.balance ?? 0,
  };
}

const monthTitle = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-JM', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The statement on the courier's letterhead and paper, like its invoices. */
export function renderStatementPdf(s: StatementData, lh: Letterhead): Promise<Buffer> {
  const day = (at: Date | string) => formatDate(typeof at === 'string' ? at : at.toISOString(), s.timeZone);
  const amount = { header: 'Amount', width: 120, align: 'right' } as const;
  return renderPdf(
    (doc) => {
      drawHeader(doc, lh, { title: 'Statement of account', lines: [monthTitle(s.month)] });
      drawBlocks(doc, [
        { label: 'Customer', lines: [`${s.businessName ? `${s.businessName}, ` : ''}${s.customerName} (${s.mailboxNumber})`, s.email] },
      ]);
      drawSection(doc, 'Invoices');
      drawTable(
        doc,
        lh,
        [{ header: 'Date', width: 90 }, { header: 'Invoice', width: 110 }, { header: 'Status' }, amount],
        s.invoices.map((i) => ({ cells: [day(i.issuedAt), i.invoiceNo, INVOICE_STATUS_LABELS[i.status], formatJmd(i.totalCents)] })),
        { empty: 'No invoices this month' },
      );
      drawSection(doc, 'Payments');
      drawTable(
        doc,
        lh,
        [{ header: 'Date', width: 90 }, { header: 'Receipt', width: 110 }, { header: 'Method' }, amount],
        s.payments.map((p) => ({ cells: [day(p.paidAt), p.receiptNo, PAYMENT_METHOD_LABELS[p.method], formatJmd(-p.amountCents)] })),
        { empty: 'No payments this month' },
      );
      drawSection(doc, 'Account credit');
      drawTable(
        doc,
        lh,
        [{ header: 'Date', width: 90 }, { header: 'Entry' }, amount],
        s.credits.map((e) => ({ cells: [day(e.createdAt), creditEntryText(e.kind, e.description), formatJmd(e.amountCents)] })),
        { empty: 'No account credit this month' },
      );
      drawTotals(
        doc,
        lh,
        [
          { label: 'Balance at the start of the month', amount: formatJmd(s.openingCents) },
          { label: 'Account credit available', amount: formatJmd(s.creditBalanceCents) },
        ],
        { label: 'Balance at the end of the month', amount: formatJmd(s.closingCents) },
      );
    },
    pageOptions(lh, `Statement ${s.month} ${s.mailboxNumber}`),
  );
}

export async function statementPdf(deps: LetterheadDeps, courierId: number, customerId: number, month: string) {
  const data = await statementData(deps.db, courierId, customerId, month);
  const pdf = await renderStatementPdf(data, await loadLetterhead(deps, courierId));
  return { data, pdf, filename: `statement-${data.mailboxNumber}-${month}.pdf` };
}

/**
 * Sends last month's statement to every active business customer of every active courier, once
 * per customer and month (the customer_statements row is claimed before the mail is queued, in
 * the same transaction). Runs hourly; on the 1st in the courier's time zone the month before is due,
 * and a run missed on the 1st catches up later in the month.
 */
export async function sendMonthlyStatements(deps: LetterheadDeps & { mailer: Mailer }, now = new Date()): Promise<number> {
  const { db, mailer } = deps;
  const active = await db.select({ id: couriers.id, timeZone: couriers.timeZone }).from(couriers).where(eq(couriers.status, 'active'));
  let sent = 0;
  for (const courier of active) {
    const month = previousMonth(now, courier.timeZone);
    const { end } = monthBounds(month, courier.timeZone);
    const due = await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.courierId, courier.id),
          eq(customers.accountType, 'business'),
          eq(customers.active, true),
          lt(customers.createdAt, end),
          sql`not exists (select 1 from ${customerStatements} s where s.customer_id = ${customers.id} and s.month = ${month})`,
        ),
      )
      .limit(500);
    for (const { id } of due) {
      const { data, pdf, filename } = await statementPdf(deps, courier.id, id, month);
      const link = await mailer.link(courier.id, '/customer/credit');
      const queued = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [claimed] = await tx
          .insert(customerStatements)
          .values({ courierId: courier.id, customerId: id, month })
          .onConflictDoNothing()
          .returning({ id: customerStatements.id });
        if (!claimed) return false;
        await mailer.enqueue(
          {
            courierId: courier.id,
            to: data.email,
            subject: `Your statement for ${monthTitle(month)}`,
            text: [
              `Hello ${data.customerName},`,
              '',
              `Your statement of account for ${monthTitle(month)} is attached.`,
              `Balance at the end of the month: ${formatJmd(data.closingCents)}`,
              `Account credit available: ${formatJmd(data.creditBalanceCents)}`,
              '',
              `Statements and account credit: ${link}`,
            ].join('\n'),
            attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
          },
          tx,
        );
        await audit(tx, {
          courierId: courier.id,
          actor: null,
          action: 'statement.sent',
          entity: 'customer',
          entityId: id,
          details: { month, closingCents: data.closingCents },
        });
        return true;
      });
      if (queued) sent += 1;
    }
  }
  return sent;
}
