import { and, asc, count, desc, eq } from 'drizzle-orm';
import { MAX_COURIER_DOMAINS } from '@courier/shared/constants/public-site';
import { type CourierDomain, PUBLIC_SITE_MESSAGES } from '@courier/shared/schemas/public-site-settings';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { courierDomains } from '../../db/schema/public-site';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { isUniqueViolation } from '../../lib/db-errors';

const columns = {
  id: courierDomains.id,
  courierId: courierDomains.courierId,
  courierName: couriers.name,
  courierCode: couriers.code,
  hostname: courierDomains.hostname,
  status: courierDomains.status,
  createdAt: courierDomains.createdAt,
  decidedAt: courierDomains.decidedAt,
};

type Row = { createdAt: Date; decidedAt: Date | null } & Omit<CourierDomain, 'createdAt' | 'decidedAt'>;
const toDomain = (r: Row): CourierDomain => ({ ...r, createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null });

function base(db: Db) {
  return db.select(columns).from(courierDomains).innerJoin(couriers, eq(couriers.id, courierDomains.courierId));
}

/** One courier's host names, by name. */
export async function listCourierDomains(db: Db, courierId: number): Promise<CourierDomain[]> {
  const rows = await base(db).where(eq(courierDomains.courierId, courierId)).orderBy(asc(courierDomains.hostname));
  return rows.map(toDomain);
}

/** Every courier's host names for the super admin: those waiting first, then newest first. */
export async function listAllDomains(db: Db): Promise<CourierDomain[]> {
  const rows = await base(db).orderBy(desc(eq(courierDomains.status, 'pending')), desc(courierDomains.createdAt), desc(courierDomains.id));
  return rows.map(toDomain);
}

export async function requestDomain(db: Db, actor: AuthUser, courierId: number, hostname: string): Promise<CourierDomain> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.id, courierId)).limit(1);
  if (!courier) throw new AppError('not_found', PUBLIC_SITE_MESSAGES.courierNotFound);
  const taken = () => new AppError('conflict', PUBLIC_SITE_MESSAGES.hostnameTaken, { hostname: [PUBLIC_SITE_MESSAGES.hostnameTaken] });
  const [clash] = await db.select({ id: courierDomains.id }).from(courierDomains).where(eq(courierDomains.hostname, hostname)).limit(1);
  if (clash) throw taken();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(courierDomains).where(eq(courierDomains.courierId, courierId));
  if (n >= MAX_COURIER_DOMAINS) throw new AppError('bad_request', PUBLIC_SITE_MESSAGES.tooManyDomains);
  try {
    const id = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [row] = await t.insert(courierDomains).values({ courierId, hostname }).returning({ id: courierDomains.id });
      if (!row) throw new Error('insert returned nothing');
      await audit(t, { courierId, actor, action: 'domain.requested', entity: 'courier_domain', entityId: row.id, details: { hostname } });
      return row.id;
    });
    return await findDomain(db, id);
  } catch (error) {
    // Two couriers asking for the same name at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

async function findDomain(db: Db, id: number, courierId?: number): Promise<CourierDomain> {
  const where =
    courierId === undefined ? eq(courierDomains.id, id) : and(eq(courierDomains.id, id), eq(courierDomains.courierId, courierId));
  const [row] = await base(db).where(where).limit(1);
  if (!row) throw new AppError('not_found', PUBLIC_SITE_MESSAGES.domainNotFound);
  return toDomain(row);
}

/** A courier removes one of its own host names (another courier's id is as unknown as a missing one). */
export async function removeDomain(db: Db, actor: AuthUser, courierId: number, id: number): Promise<void> {
  const domain = await findDomain(db, id, courierId);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.delete(courierDomains).where(and(eq(courierDomains.id, id), eq(courierDomains.courierId, courierId)));
    await audit(t, {
      courierId,
      actor,
      action: 'domain.removed',
      entity: 'courier_domain',
      entityId: id,
      details: { hostname: domain.hostname },
    });
  });
}

/** The super admin approves or rejects a host name; only an approved one resolves the tenant. */
export async function decideDomain(db: Db, actor: AuthUser, id: number, status: 'approved' | 'rejected'): Promise<CourierDomain> {
  const domain = await findDomain(db, id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.update(courierDomains).set({ status, decidedBy: actor.id, decidedAt: new Date() }).where(eq(courierDomains.id, id));
    await audit(t, {
      courierId: domain.courierId,
      actor,
      action: status === 'approved' ? 'domain.approved' : 'domain.rejected',
      entity: 'courier_domain',
      entityId: id,
      details: { hostname: domain.hostname },
    });
  });
  return findDomain(db, id);
}
