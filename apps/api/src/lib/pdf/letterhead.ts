import { asc, eq } from 'drizzle-orm';
import type { PaperSize } from '@courier/shared/schemas/settings';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { AppError } from '../errors';
import { printAccent } from '../print-palette';
import type { Storage } from '../storage';
import { pdfLogo } from './logo-image';

/**
 * The courier's letterhead on its invoices, receipts, manifests and package labels:
 * logo, name, address, phone, e-mail and GCT registration number, and the paper it prints on.
 * Always one courier's, loaded by that courier's id, so no document carries another's details.
 */
export interface Letterhead {
  courierId: number;
  name: string;
  /** The branch's address and parish; '' when the courier has no branch with an address. */
  address: string;
  phone: string | null;
  email: string | null;
  gctRegistrationNumber: string | null;
  /** PNG or JPEG bytes (a GIF logo's first frame as PNG); null without a logo or with one that cannot be read. */
  logo: Buffer | null;
  paperSize: PaperSize;
  timeZone: string;
  /** The courier's accent as it prints on white (its chosen colour, shaded to 4.5:1). */
  accent: string;
}

export interface LetterheadDeps {
  db: Db;
  storage: Storage;
}

const LOGO_URL = /^\/api\/files\/logos\/([^/]+)$/;

/**
 * The stored logo as pdfkit can draw it. Uploads are JPG, PNG or GIF; pdfkit draws
 * PNG and JPEG only, so a GIF's first frame comes as PNG (`pdfLogo`). A file that cannot be read
 * leaves the logo off (the name still heads the documents).
 */
async function logoBytes(storage: Storage, url: string | null): Promise<Buffer | null> {
  const name = url ? LOGO_URL.exec(url)?.[1] : undefined;
  if (!name) return null;
  const data = await storage.read('logos', name).catch(() => null);
  return data ? pdfLogo(data) : null;
}

/**
 * The courier's address in Jamaica: the document's branch when it has an address, else the
 * courier's first branch that has one (the oldest: normally the head office).
 */
export async function courierAddress(
  db: Db,
  courierId: number,
  branchId: number | null,
): Promise<{ address: string; phone: string | null }> {
  const rows = await db
    .select({ id: branches.id, address: branches.address, parish: branches.parish, phone: branches.phone })
    .from(branches)
    .where(eq(branches.courierId, courierId))
    .orderBy(asc(branches.id));
  const branch = rows.find((b) => b.id === branchId && b.address) ?? rows.find((b) => b.address);
  if (!branch) return { address: '', phone: null };
  return { address: [branch.address, branch.parish].filter(Boolean).join(', '), phone: branch.phone };
}

export async function loadLetterhead(
  { db, storage }: LetterheadDeps,
  courierId: number,
  branchId: number | null = null,
): Promise<Letterhead> {
  const [c] = await db.select().from(couriers).where(eq(couriers.id, courierId));
  if (!c) throw new AppError('not_found', 'Courier not found');
  const [place, logo] = await Promise.all([courierAddress(db, courierId, branchId), logoBytes(storage, c.logoUrl)]);
  return {
    courierId,
    name: c.name,
    address: place.address,
    // The courier's own number first; a branch's number stands in when the courier has none.
    phone: c.phone ?? place.phone,
    email: c.email,
    gctRegistrationNumber: c.gctRegistrationNumber,
    logo,
    paperSize: c.paperSize,
    timeZone: c.timeZone,
    accent: printAccent(c.accentColor),
  };
}

/** The letterhead of several couriers' documents (a super admin's batch of labels), one load each. */
export async function loadLetterheads(deps: LetterheadDeps, courierIds: number[]): Promise<Map<number, Letterhead>> {
  const unique = [...new Set(courierIds)];
  const heads = await Promise.all(unique.map((id) => loadLetterhead(deps, id)));
  return new Map(heads.map((h) => [h.courierId, h]));
}

/** The contact lines under the name, each left out when empty. */
export function contactLines(lh: Letterhead): string[] {
  return [
    lh.address,
    [lh.phone ? `Phone: ${lh.phone}` : '', lh.email ? `Email: ${lh.email}` : ''].filter(Boolean).join('   '),
    lh.gctRegistrationNumber ? `GCT Reg. No.: ${lh.gctRegistrationNumber}` : '',
  ].filter(Boolean);
}

/** Draws the logo fitted into the box; a file pdfkit cannot read leaves the box empty, never the document unprinted. */
export function drawLogo(
  doc: PDFKit.PDFDocument,
  lh: Letterhead,
  x: number,
  y: number,
  fit: [number, number],
  align: 'left' | 'center' | 'right' = 'left',
): boolean {
  if (!lh.logo) return false;
  try {
    doc.image(lh.logo, x, y, { fit, ...(align === 'left' ? {} : { align }), valign: 'center' });
    return true;
  } catch {
    return false;
  }
}
