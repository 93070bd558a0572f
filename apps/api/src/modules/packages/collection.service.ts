import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { hasPermission } from '@courier/shared/domain/permissions';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import type { Db } from '../../db/client';
import { collectionSignatures } from '../../db/schema/collection-signatures';
import { customers } from '../../db/schema/customers';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { shelves } from '../../db/schema/shelves';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { signaturePng } from '../../lib/signature';
import type { AuthUser } from '../../plugins/auth';
import { AUTHORISED_PEOPLE_MESSAGES, idLabel } from '@courier/shared/schemas/authorised-people';
import { authorisedCollector } from './authorised-people.service';
import { actorOf, transitionPackage } from './package-status.service';
import { refuseVoided, resolveScan } from './scan-resolver.service';
import { lockInvoiceForChange, invoicePackageRows } from '../invoices/index';
import { chargeStorageOnLeaving } from './package-storage.service';

const asDb = (tx: unknown) => tx as Db;

/** Who may let an invoice with a balance be collected: the release rule's override permission. */
export const canOverrideUnpaid = (user: AuthUser) => hasPermission(user, 'release_override');

/** Invoices whose packages wait at the counter: what the signature screen offers without a number. */
export async function listCollectable(db: Db, courierId: number, search: string | undefined) {
  // A scanned label or tracking number finds the invoice its package is on; a scanned mailbox
  // (any case, hyphen or not) finds that customer's invoices.
  const scanned = search ? await resolveScan(db, courierId, search) : null;
  // A voided package waits for nobody: the counter says so rather than finding nothing.
  if (scanned && !scanned.pkg && !scanned.customer) refuseVoided(scanned);
  const text = scanned?.customer ? scanned.customer.mailboxNumber : search;
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({
      invoiceNo: invoices.invoiceNo,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      mailboxNumber: customers.mailboxNumber,
      status: invoices.status,
      balanceCents: sql<number>`${invoices.totalCents} - ${invoices.paidCents}`,
      readyCount: sql<number>`count(${packages.id})::int`,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(invoicePackages, eq(invoicePackages.invoiceId, invoices.id))
    .innerJoin(packages, and(eq(packages.id, invoicePackages.packageId), eq(packages.status, 'ready_for_pickup')))
    .where(
      and(
        eq(invoices.courierId, courierId),
        ne(invoices.status, 'void'),
        scanned?.pkg
          ? sql`${invoices.id} in (select ip.invoice_id from ${invoicePackages} ip where ip.package_id = ${scanned.pkg.pkg.id})`
          : pattern
            ? or(
                ilike(invoices.invoiceNo, pattern),
                ilike(customers.mailboxNumber, pattern),
                ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
              )
            : undefined,
      ),
    )
    .groupBy(invoices.id, customers.id)
    .orderBy(desc(invoices.issuedAt))
    .limit(50);
  return rows;
}

/** Where each parcel of an invoice waiting at the counter sits: its shelf (null until put away). */
export async function waitingShelves(db: Db, courierId: number, invoiceNo: string) {
  return db
    .select({ packageId: packages.id, packageNumber: packages.packageNumber, shelfCode: shelves.code })
    .from(invoices)
    .innerJoin(invoicePackages, eq(invoicePackages.invoiceId, invoices.id))
    .innerJoin(packages, and(eq(packages.id, invoicePackages.packageId), eq(packages.status, 'ready_for_pickup')))
    .leftJoin(shelves, and(eq(shelves.id, packages.shelfId), eq(shelves.courierId, courierId)))
    .where(and(eq(invoices.courierId, courierId), eq(invoices.invoiceNo, invoiceNo)))
    .orderBy(packages.packageNumber);
}

export interface CollectOptions {
  db: Db;
  mailer: Mailer;
  courierId: number;
  actor: AuthUser;
  invoiceNo: string;
  collectorName: string;
  signature: string;
  allowUnpaid?: boolean;
  overrideReason?: string;
  /** One of the customer's authorised people collects (their ID checked by the clerk). */
  authorisedPersonId?: number;
  idChecked?: boolean;
}

/**
 * Records the collector's signature for an invoice and marks its ready packages delivered through
 * the package state machine. The release rule decides (an invoice with a balance is refused unless
 * someone holding `release_override` lets it go with a reason).
 */
export async function collectInvoice(options: CollectOptions): Promise<{ delivered: number }> {
  const { db, courierId, actor, invoiceNo } = options;
  const png = signaturePng(options.signature, BILLING_MESSAGES.signatureInvalid);
  // Storage is fixed and charged first, on its own: a collection refused for the balance still
  // leaves the storage line on the invoice for the clerk to take.
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const inv = await lockInvoiceForChange(tx, courierId, invoiceNo);
    const { pkgs } = await invoicePackageRows(tx, courierId, inv.id);
    const ready = pkgs.filter((p) => p.status === 'ready_for_pickup').map((p) => p.id);
    await chargeStorageOnLeaving({ db: tx, mailer: options.mailer, courierId, packageIds: ready });
  });
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const inv = await lockInvoiceForChange(tx, courierId, invoiceNo);
    const balance = inv.totalCents - inv.paidCents;
    const override = balance > 0;
    const { pkgs } = await invoicePackageRows(tx, courierId, inv.id, { forUpdate: true });
    const ready = pkgs.filter((p) => p.status === 'ready_for_pickup');
    if (ready.length === 0) {
      throw new AppError(
        'conflict',
        pkgs.every((p) => p.status === 'delivered') ? BILLING_MESSAGES.alreadyCollected : BILLING_MESSAGES.nothingToCollect,
      );
    }
    // An authorised person is released to by the name and ID on the customer's list, once checked.
    let person: Awaited<ReturnType<typeof authorisedCollector>> | null = null;
    if (options.authorisedPersonId !== undefined) {
      person = await authorisedCollector(tx, courierId, inv.customerId, options.authorisedPersonId);
      if (!options.idChecked) throw new AppError('unprocessable', AUTHORISED_PEOPLE_MESSAGES.idNotChecked);
    }
    const collectorName = person ? person.name : options.collectorName;
    const [signature] = await tx
      .insert(collectionSignatures)
      .values({
        courierId,
        invoiceId: inv.id,
        collectorName,
        authorisedPersonId: person?.id ?? null,
        collectorIdType: person?.idType ?? null,
        collectorIdNumber: person?.idNumber ?? null,
        signaturePngBase64: png.toString('base64'),
        unpaidOverride: override,
        signedBy: actor.kind === 'user' ? actor.id : null,
      })
      .returning({ id: collectionSignatures.id });
    const note = person
      ? `Collected by ${person.name}, authorised by the customer, ${idLabel(person.idType, person.idNumber)} checked (invoice ${inv.invoiceNo})`
      : `Collected by ${collectorName} (invoice ${inv.invoiceNo})`;
    const release = {
      actor,
      via: 'counter_collection' as const,
      reference: inv.invoiceNo,
      allowUnpaid: options.allowUnpaid,
      overrideReason: options.overrideReason,
    };
    for (const pkg of ready) await transitionPackage(tx, options.mailer, pkg, 'delivered', actorOf(actor), { note, release });
    await audit(tx, {
      courierId,
      actor,
      action: override ? 'invoice.collected_with_balance' : 'invoice.collected',
      entity: 'invoice',
      entityId: inv.invoiceNo,
      details: {
        signatureId: signature?.id,
        collectorName,
        ...(person ? { authorisedPersonId: person.id, collectorId: idLabel(person.idType, person.idNumber) } : {}),
        packageIds: ready.map((p) => p.id),
        balanceCents: balance,
        overrideReason: override ? options.overrideReason : undefined,
      },
    });
    return { delivered: ready.length };
  });
}

/** The stored signature image of an invoice's latest collection. */
export async function signatureImage(db: Db, courierId: number, invoiceNo: string): Promise<Buffer> {
  const [row] = await db
    .select({ png: collectionSignatures.signaturePngBase64 })
    .from(collectionSignatures)
    .innerJoin(invoices, eq(invoices.id, collectionSignatures.invoiceId))
    .where(and(eq(collectionSignatures.courierId, courierId), eq(invoices.invoiceNo, invoiceNo)))
    .orderBy(desc(collectionSignatures.signedAt))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Signature not found');
  return Buffer.from(row.png, 'base64');
}
