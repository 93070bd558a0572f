import { and, asc, eq } from 'drizzle-orm';
import { type LabelPrinter, type PrintResult, WAREHOUSE_MESSAGES, type createLabelPrinterSchema } from '@courier/shared/schemas/warehouse';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { labelPrinters } from '../../db/schema/label-printers';
import { audit } from '../../lib/audit';
import { assertCourierRow, courierScope, listScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { LetterheadDeps } from '../../lib/pdf/letterhead';
import { type OutboundPolicy, hostAllowed, resolveAllowed } from '../../lib/outbound-guard';
import { sendRawJob } from '../../lib/raw-printer';
import { ZplLabel } from '../../lib/zpl';
import type { AuthUser } from '../../plugins/auth';
import { labelsZpl } from '../packages/index';

const printerColumns = {
  id: labelPrinters.id,
  courierId: labelPrinters.courierId,
  branchId: labelPrinters.branchId,
  branchName: branches.name,
  name: labelPrinters.name,
  host: labelPrinters.host,
  port: labelPrinters.port,
};

const selectPrinters = (db: Db) =>
  db.select(printerColumns).from(labelPrinters).innerJoin(branches, eq(branches.id, labelPrinters.branchId));

export async function listPrinters(db: Db, user: AuthUser, query: { branchId?: number; courierId?: number }): Promise<LabelPrinter[]> {
  const courierId = listScope(user, query.courierId);
  return selectPrinters(db)
    .where(
      and(
        courierId === null ? undefined : eq(labelPrinters.courierId, courierId),
        query.branchId ? eq(labelPrinters.branchId, query.branchId) : undefined,
      ),
    )
    .orderBy(asc(branches.name), asc(labelPrinters.name));
}

export async function findPrinter(db: Db, user: AuthUser, id: number): Promise<LabelPrinter> {
  const [row] = await selectPrinters(db).where(eq(labelPrinters.id, id));
  return assertCourierRow(user, row, WAREHOUSE_MESSAGES.printerNotFound);
}

export async function createPrinter(
  db: Db,
  policy: OutboundPolicy,
  user: AuthUser,
  input: z.output<typeof createLabelPrinterSchema>,
  courierIdAsked?: number,
) {
  const courierId = courierScope(user, courierIdAsked);
  // A printer is on the courier's network: never this machine, link-local or the internet.
  if (!hostAllowed(input.host, policy)) throw new AppError('bad_request', WAREHOUSE_MESSAGES.printerHostRefused);
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, input.branchId), eq(branches.courierId, courierId)));
  if (!branch) throw new AppError('not_found', 'Branch not found');
  const [created] = await db
    .insert(labelPrinters)
    .values({ courierId, branchId: input.branchId, name: input.name, host: input.host, port: input.port })
    .returning({ id: labelPrinters.id });
  if (!created) throw new Error('Printer insert returned nothing');
  await audit(db, {
    courierId,
    actor: user,
    action: 'label_printer.created',
    entity: 'label_printer',
    entityId: created.id,
    details: { name: input.name, host: input.host, port: input.port, branchId: input.branchId },
  });
  return findPrinter(db, user, created.id);
}

export async function deletePrinter(db: Db, user: AuthUser, id: number): Promise<void> {
  const printer = await findPrinter(db, user, id);
  await db.delete(labelPrinters).where(and(eq(labelPrinters.id, id), eq(labelPrinters.courierId, printer.courierId)));
  await audit(db, {
    courierId: printer.courierId,
    actor: user,
    action: 'label_printer.deleted',
    entity: 'label_printer',
    entityId: id,
    details: { name: printer.name },
  });
}

/**
 * Sends one job to the address the printer's name has now, if the guard allows it. An unreachable
 * printer is an answer (printed false, in our words), not an error, and the same answer whether
 * the address is refused, the port closed or silent.
 */
async function send(policy: OutboundPolicy, printer: LabelPrinter, zpl: string): Promise<PrintResult> {
  const started = performance.now();
  try {
    const [address] = await resolveAllowed(printer.host, policy);
    if (!address) throw new Error('no address');
    await sendRawJob(address.address, printer.port, zpl);
    return { printed: true, printerName: printer.name, message: WAREHOUSE_MESSAGES.printed(printer.name), ms: performance.now() - started };
  } catch {
    return {
      printed: false,
      printerName: printer.name,
      message: WAREHOUSE_MESSAGES.printerUnreachable(printer.name),
      ms: performance.now() - started,
    };
  }
}

/** A one-label test: the printer's name, where it is, and a barcode to check the scanner reads it. */
export function testLabelZpl(printer: LabelPrinter): string {
  return new ZplLabel(812, 406)
    .text(40, 30, 48, 'TEST PRINT', { width: 732, align: 'C' })
    .text(40, 96, 30, `${printer.name} at ${printer.branchName}`, { width: 732, align: 'C' })
    .code128(140, 150, 120, `TEST-${printer.id}`)
    .text(40, 300, 28, `${printer.host}:${printer.port}`, { width: 732, align: 'C' })
    .build();
}

export async function testPrint(db: Db, policy: OutboundPolicy, user: AuthUser, id: number): Promise<PrintResult> {
  const printer = await findPrinter(db, user, id);
  return send(policy, printer, testLabelZpl(printer));
}

/**
 * Prints a package's label on a printer of the package's courier (never another's, whoever asks):
 * the one asked, else the first at the caller's branch, else at the package's branch, else the
 * first of the courier. A clerk who works at a branch prints only to that branch's printers. No
 * printer is an answer too: the station opens the PDF.
 */
export async function printPackageLabel(
  deps: LetterheadDeps,
  policy: OutboundPolicy,
  user: AuthUser,
  packageId: number,
  printerId?: number,
): Promise<PrintResult> {
  const { zpl, packages } = await labelsZpl(deps, user, [packageId]);
  const pkg = packages[0];
  if (!pkg) throw new AppError('not_found', WAREHOUSE_MESSAGES.printerNotFound);
  let printer: LabelPrinter | undefined;
  if (printerId) {
    printer = await findPrinter(deps.db, user, printerId);
    // Another courier's printer is as if it did not exist.
    if (printer.courierId !== pkg.courierId) throw new AppError('not_found', WAREHOUSE_MESSAGES.printerNotFound);
    if (user.branchId !== null && user.role !== 'super_admin' && printer.branchId !== user.branchId) {
      throw new AppError('conflict', WAREHOUSE_MESSAGES.printerOtherBranch(printer.name, printer.branchName));
    }
  } else {
    const all = await listPrinters(deps.db, user, { courierId: pkg.courierId });
    const ofCourier = all.filter((p) => p.courierId === pkg.courierId);
    printer =
      user.branchId !== null
        ? ofCourier.find((p) => p.branchId === user.branchId)
        : (ofCourier.find((p) => p.branchId === pkg.branchId) ?? ofCourier[0]);
  }
  if (!printer) return { printed: false, printerName: null, message: WAREHOUSE_MESSAGES.noPrinter, ms: 0 };
  return send(policy, printer, zpl);
}
