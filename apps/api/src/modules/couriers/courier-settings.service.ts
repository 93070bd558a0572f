import { eq } from 'drizzle-orm';
import type { AuditAction } from '@courier/shared/schemas/audit';
import type { Courier, UpdateCourierOutput } from '@courier/shared/schemas/settings';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { AuthUser } from '../../plugins/auth';
import { COURIER_NOT_FOUND } from '../../lib/courier-scope';

type CourierRow = typeof couriers.$inferSelect;

/** The courier as the settings and the portals read it: never the api key. */
export function toCourier(row: CourierRow): Courier {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    logo_url: row.logoUrl,
    accent_color: row.accentColor,
    first_name: row.contactFirstName,
    last_name: row.contactLastName,
    email: row.email,
    shipping_address_air: row.shippingAddressAir,
    shipping_address_sea: row.shippingAddressSea,
    bank_details: row.bankDetails,
    rate_sheet_url: row.rateSheetUrl,
    time_zone: row.timeZone,
    gct_registration_number: row.gctRegistrationNumber,
    paper_size: row.paperSize,
  };
}

export async function findCourier(db: Db, courierId: number): Promise<CourierRow> {
  const [row] = await db.select().from(couriers).where(eq(couriers.id, courierId));
  if (!row) throw new AppError('not_found', COURIER_NOT_FOUND);
  return row;
}

export async function getCourier(db: Db, courierId: number): Promise<Courier> {
  return toCourier(await findCourier(db, courierId));
}

interface UpdateOptions<T> {
  db: Db;
  actor: AuthUser;
  courierId: number;
  input: T;
}

/** Applies one change to the courier row and writes the audit entry in the same transaction. */
async function updateCourierRow(
  { db, actor, courierId }: Omit<UpdateOptions<unknown>, 'input'>,
  values: Partial<CourierRow>,
  action: AuditAction,
  details: Record<string, unknown>,
): Promise<Courier> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(couriers).where(eq(couriers.id, courierId)).for('update');
    const [row] = await tx
      .update(couriers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(couriers.id, courierId))
      .returning();
    if (!row) throw new AppError('not_found', COURIER_NOT_FOUND);
    // Before -> after of the fields this change touched, both read the same way (the settings'
    // own field names), so an unchanged field is equal on both sides.
    const was: Record<string, unknown> = old ? toCourier(old) : {};
    const now: Record<string, unknown> = toCourier(row);
    const keys = Object.keys(details);
    const before = Object.fromEntries(keys.map((k) => [k, k in was ? was[k] : null]));
    const after = Object.fromEntries(keys.map((k) => [k, k in now ? now[k] : details[k]]));
    await audit(tx as unknown as Db, {
      courierId,
      actor,
      action,
      entity: 'courier',
      entityId: courierId,
      details: { before, after },
    });
    return toCourier(row);
  });
}

export function updateCompany(options: UpdateOptions<UpdateCourierOutput>) {
  const { input } = options;
  return updateCourierRow(
    options,
    {
      name: input.name,
      contactFirstName: input.first_name,
      contactLastName: input.last_name,
      email: input.email,
      ...(input.time_zone ? { timeZone: input.time_zone } : {}),
      ...(input.gct_registration_number === undefined ? {} : { gctRegistrationNumber: input.gct_registration_number || null }),
      ...(input.paper_size ? { paperSize: input.paper_size } : {}),
      ...(input.accent_color === undefined ? {} : { accentColor: input.accent_color ? input.accent_color.toLowerCase() : null }),
    },
    'courier.company_updated',
    { ...input },
  );
}

export function updateShippingAddresses(options: UpdateOptions<{ shipping_address_air: string; shipping_address_sea: string }>) {
  const { input } = options;
  return updateCourierRow(
    options,
    { shippingAddressAir: input.shipping_address_air || null, shippingAddressSea: input.shipping_address_sea || null },
    'courier.shipping_addresses_updated',
    { ...input },
  );
}

export function updateBankDetails(options: UpdateOptions<{ bank_details: string }>) {
  const { input } = options;
  return updateCourierRow(options, { bankDetails: input.bank_details || null }, 'courier.bank_details_updated', { ...input });
}

/** Stores the new logo, points the courier at it, then removes the old file. */
export async function replaceLogo(
  options: Omit<UpdateOptions<unknown>, 'input'> & { storage: Storage; data: Buffer; extension: string },
): Promise<string> {
  const previous = await findCourier(options.db, options.courierId);
  const stored = await options.storage.save('logos', options.data, options.extension);
  try {
    await updateCourierRow(options, { logoUrl: stored.url }, 'courier.logo_updated', { logo_url: stored.url, bytes: options.data.length });
  } catch (error) {
    await options.storage.removeByUrl(stored.url);
    throw error;
  }
  await options.storage.removeByUrl(previous.logoUrl);
  return stored.url;
}

/** Stores the new rate sheet, points the courier at it, then removes the old file. */
export async function replaceRateSheet(
  options: Omit<UpdateOptions<unknown>, 'input'> & { storage: Storage; data: Buffer; extension: string },
): Promise<string> {
  const previous = await findCourier(options.db, options.courierId);
  const stored = await options.storage.save('rate-sheets', options.data, options.extension);
  try {
    await updateCourierRow(options, { rateSheetUrl: stored.url }, 'courier.rate_sheet_updated', {
      rate_sheet_url: stored.url,
      bytes: options.data.length,
    });
  } catch (error) {
    await options.storage.removeByUrl(stored.url);
    throw error;
  }
  await options.storage.removeByUrl(previous.rateSheetUrl);
  return stored.url;
}
