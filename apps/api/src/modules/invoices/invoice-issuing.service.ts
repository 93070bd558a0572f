import { tellCustomer } from '../notifications/index';
import { invoiceMailLine } from './invoice-mail';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { asDb, type Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { formatJmd } from '@courier/shared/format/money';
import type { StaffChange } from './invoice-access.service';
import { volumetricRuleOf } from '../settings/index';
import { chargesFor, markDeliveryFeesCharged, totalsOf, writeLines } from './invoice-charges';
import { publish } from '../../lib/domain-events';

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/** Package ids already on an invoice that is not void, with that invoice's number. */
async function liveInvoiceOf(db: Db, courierId: number, packageIds: number[]) {
  if (packageIds.length === 0) return [];
  return db
    .select({ packageId: invoicePackages.packageId, invoiceNo: invoices.invoiceNo })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), inArray(invoicePackages.packageId, packageIds), ne(invoices.status, 'void')));
}

export interface IssueOptions {
  db: Db;
  /** null for demo data: the customer is not e-mailed. */
  mailer: Mailer | null;
  courierId: number;
  customerId: number;
  packageIds: number[];
  /** The staff member issuing it; null when the system issues it (packages turned ready). */
  actor: AuthUser | null;
  /** Set on a re-issue: the void invoice this one replaces, and its customs assessments. */
  replaces?: { invoiceId: number; customsAssessed: Map<number, number | null> };
}

/**
 * Issues one invoice for ready packages of one customer, with the next number of the courier,
 * and e-mails the customer the amount due. The packages module calls this when packages become
 * ready for pickup; staff call it from the invoices screen.
 */
export async function issueInvoiceForPackages(options: IssueOptions): Promise<{ invoiceNo: string; totalCents: number }> {
  const { db, courierId, customerId, actor } = options;
  const packageIds = [...new Set(options.packageIds)];
  if (packageIds.length === 0) throw new AppError('bad_request', BILLING_MESSAGES.choosePackages);

  const issued = await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [customer] = await tx
      .select({
        id: customers.id,
        firstName: customers.firstName,
        email: customers.email,
        branchName: branches.name,
        branchAddress: branches.address,
        branchHours: branches.hours,
      })
      .from(customers)
      .leftJoin(branches, eq(branches.id, customers.branchId))
      .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
    if (!customer) throw new AppError('not_found', BILLING_MESSAGES.customerNotFound);

    // Lock the packages so two issues of the same package cannot both pass the check below.
    const pkgs = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, courierId), inArray(packages.id, packageIds)))
      .for('update');
    if (pkgs.length !== packageIds.length) throw new AppError('not_found', 'Package not found');
    if (pkgs.some((p) => p.customerId !== customerId)) throw new AppError('unprocessable', BILLING_MESSAGES.packagesNotCustomers);
    if (pkgs.some((p) => p.status !== 'ready_for_pickup')) throw new AppError('unprocessable', BILLING_MESSAGES.packagesNotReady);
    const [taken] = await liveInvoiceOf(tx, courierId, packageIds);
    if (taken) {
      const pkg = pkgs.find((p) => p.id === taken.packageId);
      throw new AppError(
        'conflict',
        BILLING_MESSAGES.packageAlreadyInvoiced(pkg?.packageNumber ?? String(taken.packageId), taken.invoiceNo),
      );
    }

    const customsAssessed = options.replaces?.customsAssessed ?? new Map<number, number | null>();
    const volumetric = await volumetricRuleOf(tx, courierId);
    const { result, gctPercent, exchangeRate, deliveryRequestIds } = await chargesFor(
      tx,
      courierId,
      customerId,
      pkgs,
      customsAssessed,
      volumetric,
    );
    const invoiceNo = invoiceNumber(await nextCounter(tx, courierId, 'invoice'));
    const [invoice] = await tx
      .insert(invoices)
      .values({
        courierId,
        customerId,
        invoiceNo,
        ...totalsOf(result),
        status: 'unpaid',
        gctPercent: String(gctPercent),
        exchangeRate,
        volumetric,
        issuedBy: actor?.kind === 'user' ? actor.id : null,
        replacesInvoiceId: options.replaces?.invoiceId ?? null,
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error('Invoice insert returned nothing');
    await writeLines(tx, courierId, invoice.id, result.lines);
    await markDeliveryFeesCharged(tx, deliveryRequestIds, invoice.id);
    await tx
      .insert(invoicePackages)
      .values(
        pkgs.map((p) => ({ courierId, invoiceId: invoice.id, packageId: p.id, customsAssessedCents: customsAssessed.get(p.id) ?? null })),
      );
    await audit(tx, {
      courierId,
      actor,
      action: options.replaces ? 'invoice.reissued' : 'invoice.issued',
      entity: 'invoice',
      entityId: invoiceNo,
      details: { customerId, packageIds, totalCents: result.totalCents },
    });
    // What follows an invoice (its webhook, a payment in advance settling on it, an automatic payment)
    // subscribes; the demo seed issues without a mailer and announces nothing.
    if (options.mailer)
      await publish({ db: tx, mailer: options.mailer }, courierId, 'invoice.issued', {
        invoiceId: invoice.id,
        invoiceNo,
        customerId,
        totalCents: result.totalCents,
        packageIds,
      });
    const [after] = await tx.select({ paidCents: invoices.paidCents }).from(invoices).where(eq(invoices.id, invoice.id));
    const paidAhead = after?.paidCents ?? 0;
    const dueCents = result.totalCents - paidAhead;
    if (options.mailer)
      await tellCustomer(tx, options.mailer, {
        kind: 'invoice_issued',
        courierId,
        customerId,
        notice: {
          title: `Invoice ${invoiceNo}: ${formatJmd(dueCents)} due`,
          body: pkgs.map((p) => p.packageNumber).join(', '),
          target: { kind: 'invoice', ref: invoiceNo },
        },
        mail: {
          to: customer.email,
          // One e-mail for both news: ready at the branch, and what is due (DOMAIN.md step 6).
          subject: `Package${pkgs.length > 1 ? 's' : ''} ready for pickup: invoice ${invoiceNo}, ${formatJmd(dueCents)} due`,
          text: [
            `Hello ${customer.firstName},`,
            '',
            `Your package${pkgs.length > 1 ? 's are' : ' is'} ready for pickup${customer.branchName ? ` at our ${customer.branchName} branch` : ''}.`,
            ...(customer.branchAddress ? [`Address: ${customer.branchAddress}`] : []),
            ...(customer.branchHours ? [`Opening hours: ${customer.branchHours}`] : []),
            paidAhead > 0
              ? `Invoice ${invoiceNo}: ${formatJmd(result.totalCents)}, of which ${formatJmd(paidAhead)} was paid in advance: ${formatJmd(dueCents)} due.`
              : `Invoice ${invoiceNo}: ${formatJmd(result.totalCents)} due.`,
            ...pkgs.map((p) => `- ${p.packageNumber} (${p.trackingNumber})`),
            '',
            await invoiceMailLine(tx, options.mailer, courierId, invoiceNo),
          ].join('\n'),
        },
      });
    return { invoiceNo, totalCents: result.totalCents };
  });
  return issued;
}

/** Issues a new invoice for the packages of a void one, at today's rates, keeping customs assessments. */
export async function reissueInvoice(options: StaffChange & { mailer: Mailer }): Promise<{ invoiceNo: string; totalCents: number }> {
  const { db, courierId, invoiceNo } = options;
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.courierId, courierId), eq(invoices.invoiceNo, invoiceNo)));
  if (!inv) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  if (inv.status !== 'void') throw new AppError('unprocessable', BILLING_MESSAGES.invoiceNotVoid);
  const links = await db.select().from(invoicePackages).where(eq(invoicePackages.invoiceId, inv.id));
  const issued = await issueInvoiceForPackages({
    db,
    mailer: options.mailer,
    courierId,
    customerId: inv.customerId,
    packageIds: links.map((l) => l.packageId),
    actor: options.actor,
    replaces: { invoiceId: inv.id, customsAssessed: new Map(links.map((l) => [l.packageId, l.customsAssessedCents])) },
  });
  await audit(db, {
    courierId,
    actor: options.actor,
    action: 'invoice.reissued',
    entity: 'invoice',
    entityId: invoiceNo,
    details: { before: { invoiceNo, totalCents: inv.totalCents }, after: { invoiceNo: issued.invoiceNo, totalCents: issued.totalCents } },
  });
  return issued;
}

/**
 * An invoice for a service the customer asked for (a Shop For Me purchase): no package, one line
 * per charge already priced by the caller, in JMD cents. Paid like any invoice (Pay now, the counter).
 */
export async function issueServiceInvoice(options: {
  db: Db;
  courierId: number;
  customerId: number;
  exchangeRate: number;
  /** The GCT rate of its GCT line, if it has one. */
  gctPercent?: number;
  lines: Array<{ kind: 'shop_for_me' | 'gct'; description: string; amountCents: number; feeVersionId?: number | null }>;
  actor: AuthUser | null;
}): Promise<{ id: number; invoiceNo: string; totalCents: number }> {
  const { db, courierId, customerId } = options;
  const totalCents = options.lines.reduce((sum, l) => sum + l.amountCents, 0);
  // GCT on a service fee is the invoice's GCT; everything else is a service charge.
  const gctCents = options.lines.filter((l) => l.kind === 'gct').reduce((sum, l) => sum + l.amountCents, 0);
  const invoiceNo = invoiceNumber(await nextCounter(db, courierId, 'invoice'));
  const [invoice] = await db
    .insert(invoices)
    .values({
      courierId,
      customerId,
      invoiceNo,
      status: 'unpaid',
      feesCents: totalCents - gctCents,
      gctCents,
      gctPercent: String(gctCents > 0 ? (options.gctPercent ?? 0) : 0),
      totalCents,
      exchangeRate: options.exchangeRate,
      issuedBy: options.actor?.kind === 'user' ? options.actor.id : null,
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('Invoice insert returned nothing');
  await db.insert(invoiceLines).values(
    options.lines.map((l, i) => ({
      courierId,
      invoiceId: invoice.id,
      position: i + 1,
      kind: l.kind,
      description: l.description,
      packageId: null,
      amountCents: l.amountCents,
      feeVersionId: l.feeVersionId ?? null,
    })),
  );
  await audit(db, {
    courierId,
    actor: options.actor,
    action: 'invoice.issued',
    entity: 'invoice',
    entityId: invoiceNo,
    details: { customerId, service: options.lines.map((l) => l.description), totalCents },
  });
  return { id: invoice.id, invoiceNo, totalCents };
}
