import { z } from 'zod';
import { TRANSFER_STATUSES } from '../constants/packages';
import { courierListQuerySchema, idSchema } from './common';
import { scanInputSchema } from './packages';

/**
 * A branch transfer: parcels cleared at one branch for customers who collect at another travel on
 * it (draft → sent → received, or cancelled before it is sent).
 */

export const TRANSFER_MESSAGES = {
  notFound: 'Transfer not found',
  branchNotFound: 'Branch not found',
  sameBranch: 'A transfer goes to another branch: choose a different one',
  fromRequired: 'Please choose the branch it leaves from',
  toRequired: 'Please choose the branch it goes to',
  notDraft: 'Only a transfer that has not been sent can be changed',
  notSent: 'Scan parcels in once the transfer has been sent',
  empty: 'Scan at least one parcel onto the transfer before sending it',
  nothingFound: (code: string) => `No parcel ${code}`,
  notAtBranch: (pkg: string, at: string | null, from: string) => `${pkg} is ${at ? `at ${at}` : 'not at a branch yet'}, not at ${from}`,
  wrongDestination: (pkg: string, collect: string | null, to: string) =>
    `${pkg} is collected at ${collect ?? 'no branch'}, not at ${to}: it cannot go on this transfer`,
  notMovable: (pkg: string, status: string) =>
    `${pkg} is ${status}: only parcels cleared at customs or ready for pickup travel on a transfer`,
  notCleared: (pkg: string) => `${pkg} has not cleared customs yet: make it ready from its manifest first`,
  onOther: (pkg: string, transfer: string) => `${pkg} is already on transfer ${transfer}`,
  alreadyOn: (pkg: string) => `${pkg} is already on this transfer`,
  added: (pkg: string) => `${pkg} added`,
  removed: (pkg: string) => `${pkg} taken off the transfer`,
  notOnTransfer: 'That parcel is not on this transfer',
  alreadyIn: (pkg: string) => `${pkg} has already been scanned in`,
  scannedIn: (pkg: string) => `${pkg} scanned in`,
  extra: (code: string, transfer: string) => `${code} is not on ${transfer}: recorded as extra`,
  created: 'Transfer created',
  sent: 'Transfer sent: its parcels are in transfer',
  received: 'Transfer received: the parcels scanned in are ready for pickup and their customers are told',
  cancelled: 'Transfer cancelled',
} as const;

export const createTransferSchema = z
  .strictObject({
    fromBranchId: idSchema.optional(),
    toBranchId: idSchema.optional(),
    note: z.string().trim().max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.fromBranchId) ctx.addIssue({ code: 'custom', path: ['fromBranchId'], message: TRANSFER_MESSAGES.fromRequired });
    if (!v.toBranchId) ctx.addIssue({ code: 'custom', path: ['toBranchId'], message: TRANSFER_MESSAGES.toRequired });
    if (v.fromBranchId && v.fromBranchId === v.toBranchId)
      ctx.addIssue({ code: 'custom', path: ['toBranchId'], message: TRANSFER_MESSAGES.sameBranch });
  });
export type CreateTransferInput = z.input<typeof createTransferSchema>;

/** The new-transfer form as chosen (the selects' text values), to what the API takes. */
export const createTransferFormSchema = z
  .object({ fromBranchId: z.string(), toBranchId: z.string(), note: z.string().trim().max(500) })
  .superRefine((v, ctx) => {
    if (!v.fromBranchId) ctx.addIssue({ code: 'custom', path: ['fromBranchId'], message: TRANSFER_MESSAGES.fromRequired });
    if (!v.toBranchId) ctx.addIssue({ code: 'custom', path: ['toBranchId'], message: TRANSFER_MESSAGES.toRequired });
    if (v.fromBranchId && v.fromBranchId === v.toBranchId)
      ctx.addIssue({ code: 'custom', path: ['toBranchId'], message: TRANSFER_MESSAGES.sameBranch });
  })
  .transform((v) => ({ fromBranchId: Number(v.fromBranchId), toBranchId: Number(v.toBranchId), note: v.note || undefined }));

export const transferScanSchema = z.strictObject({ code: scanInputSchema });
export const transferListQuerySchema = courierListQuerySchema;

export const transferSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  transferNumber: z.string(),
  fromBranchId: z.number().int(),
  fromBranchName: z.string(),
  toBranchId: z.number().int(),
  toBranchName: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string().nullable(),
  parcels: z.number().int(),
  scannedIn: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type TransferDto = z.infer<typeof transferSchema>;

export const transferLineSchema = z.object({
  packageId: z.number().int().nullable(),
  packageNumber: z.string().nullable(),
  trackingNumber: z.string(),
  customerName: z.string().nullable(),
  status: z.string().nullable(),
  /** When it was scanned in at the receiving branch (null: not yet, or missing once received). */
  scannedInAt: z.string().nullable(),
});
export type TransferLine = z.infer<typeof transferLineSchema>;

export const transferDetailSchema = z.object({
  transfer: transferSchema,
  /** The parcels loaded on it. */
  parcels: z.array(transferLineSchema),
  /** Sent but not (yet) scanned in at the receiving branch. */
  missing: z.array(transferLineSchema),
  /** Scanned at the receiving branch but never loaded on this transfer. */
  extra: z.array(transferLineSchema),
});
export type TransferDetail = z.infer<typeof transferDetailSchema>;

export const transferScanResultSchema = z.object({
  result: z.enum(['added', 'scanned_in', 'extra']),
  message: z.string(),
  detail: transferDetailSchema,
});
export type TransferScanResult = z.infer<typeof transferScanResultSchema>;
