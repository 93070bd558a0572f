import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import type { Payment, Registration, SentWrite } from './write-stream';

/**
 * The checks after a crash, straight on the database the killed server wrote (the server is
 * stopped by then): every acknowledged write is there and whole, every write whose answer was
 * lost is whole or absent, the books balance everywhere, and every receipt e-mail of a payment
 * that exists is in the outbox and reached the SMTP server.
 */

export interface ReceivedMail {
  raw: string;
}

export interface CrashFindings {
  problems: string[];
  acknowledged: { registrations: number; payments: number };
  /** Writes in flight at the kill, and how many of them committed. */
  inFlight: { sent: number; committed: number };
  receiptMails: { expected: number; delivered: number; duplicates: number };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface CustomerRow {
  id: number;
  email: string;
  mailbox_number: string;
  password_hash: string;
  branch_id: number | null;
  courier_id: number;
}

interface PaymentRow {
  id: number;
  reference: string;
  receipt_no: string;
  amount_cents: number;
  allocated_cents: number;
  allocations: number;
  invoice_nos: string;
  audit_rows: number;
  outbox_rows: number;
  outbox_sent: number;
}

/** The problems with one registration row (or its absence), in words a failure message can show. */
function registrationProblems(write: Registration, row: CustomerRow | undefined, acknowledged: boolean): string[] {
  if (!row) return acknowledged ? [`acknowledged registration ${write.email} (customer ${write.customerId}) is missing`] : [];
  const problems: string[] = [];
  if (acknowledged && row.id !== write.customerId)
    problems.push(`${write.email}: customer id ${row.id}, the server answered ${write.customerId}`);
  if (acknowledged && row.mailbox_number !== write.mailboxNumber) {
    problems.push(`${write.email}: mailbox ${row.mailbox_number}, the server answered ${write.mailboxNumber}`);
  }
  if (!/^[A-Z]+-\d+$/.test(row.mailbox_number)) problems.push(`${write.email}: malformed mailbox number ${row.mailbox_number}`);
  if (!row.password_hash.startsWith('$argon2')) problems.push(`${write.email}: no password hash`);
  if (row.branch_id === null) problems.push(`${write.email}: no branch`);
  return problems;
}

function paymentProblems(write: Payment, row: PaymentRow | undefined, acknowledged: boolean): string[] {
  if (!row) return acknowledged ? [`acknowledged payment ${write.reference} (${write.receiptNo}) is missing`] : [];
  const problems: string[] = [];
  const name = `payment ${write.reference} (${row.receipt_no})`;
  if (acknowledged && row.receipt_no !== write.receiptNo) problems.push(`${name}: the server answered receipt ${write.receiptNo}`);
  if (row.amount_cents !== write.amountCents) problems.push(`${name}: amount ${row.amount_cents}, sent ${write.amountCents}`);
  if (row.allocations !== 1 || row.invoice_nos !== write.invoiceNo || row.allocated_cents !== row.amount_cents) {
    problems.push(`${name}: allocations ${row.allocations} to ${row.invoice_nos} of ${row.allocated_cents} cents`);
  }
  if (row.audit_rows !== 1) problems.push(`${name}: ${row.audit_rows} audit rows`);
  if (row.outbox_rows !== 1) problems.push(`${name}: ${row.outbox_rows} receipt e-mails in the outbox`);
  else if (row.outbox_sent !== 1) problems.push(`${name}: its receipt e-mail was never sent`);
  return problems;
}

/** Whole-database invariants, whatever wrote the rows: the demo seed, earlier rounds or this one. */
async function bookProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const unbalancedPayments = await rows<{ receipt_no: string; amount_cents: number; allocated: number }>(
    db,
    sql`select p.receipt_no, p.amount_cents, coalesce(sum(a.amount_cents), 0)::int as allocated
        from payments p left join payment_allocations a on a.payment_id = p.id
        group by p.id having coalesce(sum(a.amount_cents), 0) <> p.amount_cents`,
  );
  for (const p of unbalancedPayments) problems.push(`payment ${p.receipt_no} of ${p.amount_cents} has ${p.allocated} allocated`);

  const unbalancedInvoices = await rows<{ invoice_no: string; status: string; paid_cents: number; total_cents: number; allocated: number }>(
    db,
    sql`select i.invoice_no, i.status, i.paid_cents, i.total_cents, coalesce(sum(a.amount_cents), 0)::int as allocated
        from invoices i left join payment_allocations a on a.invoice_id = i.id
        group by i.id
        having i.paid_cents <> coalesce(sum(a.amount_cents), 0)
            or i.paid_cents > i.total_cents
            or (i.status <> 'void' and i.status <> case when i.paid_cents = 0 then 'unpaid'
                  when i.paid_cents >= i.total_cents then 'paid' else 'partially_paid' end)`,
  );
  for (const i of unbalancedInvoices) {
    problems.push(`invoice ${i.invoice_no} (${i.status}): paid ${i.paid_cents} of ${i.total_cents}, allocations ${i.allocated}`);
  }

  // A counter behind the numbers it issued would hand out a taken mailbox or receipt number next.
  const counters = await rows<{ courier_id: number; name: string; value: number; issued: number }>(
    db,
    sql`select c.courier_id, c.name, c.value,
          case c.name
            when 'mailbox' then (select coalesce(max(nullif(regexp_replace(mailbox_number, '^.*-', ''), '')::int), 0)
                                 from customers where courier_id = c.courier_id and mailbox_number ~ '-[0-9]+$')
            when 'receipt' then (select coalesce(max(substring(receipt_no from 5)::int), 0) from payments where courier_id = c.courier_id)
          end as issued
        from courier_counters c where c.name in ('mailbox', 'receipt')`,
  );
  for (const c of counters) {
    if (c.value < c.issued) problems.push(`courier ${c.courier_id} counter ${c.name} at ${c.value}, but ${c.issued} was issued`);
  }
  const duplicateMailboxes = await rows<{ mailbox_number: string }>(
    db,
    sql`select mailbox_number from customers group by courier_id, mailbox_number having count(*) > 1`,
  );
  for (const d of duplicateMailboxes) problems.push(`mailbox ${d.mailbox_number} issued twice`);
  return problems;
}

export async function verifyAfterCrash(db: Db, tag: string, sent: SentWrite[], mails: ReceivedMail[]): Promise<CrashFindings> {
  const problems: string[] = [];
  for (const s of sent) {
    if (s.outcome === 'refused') problems.push(`a valid ${s.write.kind} was refused before the kill: HTTP ${s.status} ${s.body}`);
  }

  const customers = await rows<CustomerRow>(
    db,
    sql`select id, email, mailbox_number, password_hash, branch_id, courier_id from customers where email like ${`${tag}-%`}`,
  );
  const customerByEmail = new Map(customers.map((c) => [c.email, c]));
  const payments = await rows<PaymentRow>(
    db,
    sql`select p.id, p.reference, p.receipt_no, p.amount_cents,
          (select coalesce(sum(a.amount_cents), 0)::int from payment_allocations a where a.payment_id = p.id) as allocated_cents,
          (select count(*)::int from payment_allocations a where a.payment_id = p.id) as allocations,
          (select coalesce(string_agg(i.invoice_no, ','), '') from payment_allocations a join invoices i on i.id = a.invoice_id
            where a.payment_id = p.id) as invoice_nos,
          (select count(*)::int from audit_log l where l.action = 'payment.recorded' and l.entity_id = p.receipt_no
            and l.courier_id = p.courier_id) as audit_rows,
          (select count(*)::int from email_outbox o where o.courier_id = p.courier_id
            and o.subject like '%Receipt ' || p.receipt_no || ':%') as outbox_rows,
          (select count(*)::int from email_outbox o where o.courier_id = p.courier_id
            and o.subject like '%Receipt ' || p.receipt_no || ':%' and o.status = 'sent') as outbox_sent
        from payments p where p.reference like ${`${tag}-%`}`,
  );
  const paymentByReference = new Map(payments.map((p) => [p.reference, p]));

  const sentKeys = new Set<string>();
  let inFlightCommitted = 0;
  for (const s of sent) {
    if (s.outcome === 'refused') continue;
    const acknowledged = s.outcome === 'acknowledged';
    if (s.write.kind === 'registration') {
      sentKeys.add(s.write.email);
      const row = customerByEmail.get(s.write.email);
      if (!acknowledged && row) inFlightCommitted += 1;
      problems.push(...registrationProblems(s.write, row, acknowledged));
    } else {
      sentKeys.add(s.write.reference);
      const row = paymentByReference.get(s.write.reference);
      if (!acknowledged && row) inFlightCommitted += 1;
      problems.push(...paymentProblems(s.write, row, acknowledged));
    }
  }
  for (const c of customers) if (!sentKeys.has(c.email)) problems.push(`customer ${c.email} that nobody registered`);
  for (const p of payments) if (!sentKeys.has(p.reference)) problems.push(`payment ${p.reference} that nobody recorded`);

  problems.push(...(await bookProblems(db)));

  // Every receipt of a payment that exists reached the SMTP server; a mail sent just before the
  // kill but not yet marked sent goes out again after the restart (at least once, never zero).
  let delivered = 0;
  let duplicates = 0;
  for (const p of payments) {
    const copies = mails.filter((m) => m.raw.includes(`: Receipt ${p.receipt_no}:`)).length;
    if (copies === 0) problems.push(`receipt e-mail for ${p.receipt_no} never reached the SMTP server`);
    else delivered += 1;
    duplicates += Math.max(0, copies - 1);
  }

  const ackedCount = (kind: 'registration' | 'payment') => sent.filter((s) => s.outcome === 'acknowledged' && s.write.kind === kind).length;
  return {
    problems,
    acknowledged: { registrations: ackedCount('registration'), payments: ackedCount('payment') },
    inFlight: { sent: sent.filter((s) => s.outcome === 'unknown').length, committed: inFlightCommitted },
    receiptMails: { expected: payments.length, delivered, duplicates },
  };
}
