import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  AUTHORISED_PEOPLE_MAX,
  AUTHORISED_PEOPLE_MESSAGES,
  type AuthorisedPerson,
  type AuthorisedPersonInput,
  authorisedPersonInputSchema,
} from '@courier/shared/schemas/authorised-people';
import type { Db } from '../../db/client';
import { authorisedPeople } from '../../db/schema/authorised-people';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

type Row = typeof authorisedPeople.$inferSelect;

const toPerson = (r: Row): AuthorisedPerson => ({
  id: r.id,
  name: r.name,
  idType: r.idType,
  idNumber: r.idNumber,
  phone: r.phone,
  createdAt: r.createdAt.toISOString(),
});

/** The customer's own session: their courier and id (the route lets customers only). */
function ownerOf(user: AuthUser) {
  if (user.kind !== 'customer' || user.courierId === null) throw new AppError('forbidden', 'Only a customer has authorised people');
  return { courierId: user.courierId, customerId: user.id };
}

const current = (courierId: number, customerId: number) =>
  and(eq(authorisedPeople.courierId, courierId), eq(authorisedPeople.customerId, customerId), isNull(authorisedPeople.removedAt));

/** The people a customer lets collect for them, oldest first (their own courier's rows only). */
export async function authorisedPeopleOf(db: Db, courierId: number, customerId: number): Promise<AuthorisedPerson[]> {
  const rows = await db.select().from(authorisedPeople).where(current(courierId, customerId)).orderBy(asc(authorisedPeople.id));
  return rows.map(toPerson);
}

export async function listOwnAuthorisedPeople(db: Db, user: AuthUser) {
  const { courierId, customerId } = ownerOf(user);
  return authorisedPeopleOf(db, courierId, customerId);
}

/** The customer adds a person who may collect for them (at most AUTHORISED_PEOPLE_MAX at a time). */
export async function addAuthorisedPerson(db: Db, user: AuthUser, input: AuthorisedPersonInput): Promise<AuthorisedPerson> {
  const { courierId, customerId } = ownerOf(user);
  const values = authorisedPersonInputSchema.parse(input);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Two adds at once count each other: the customer's rows are counted under a lock on one of them.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`authorised-people:${customerId}`}))`);
    const [n] = await tx.select({ n: count() }).from(authorisedPeople).where(current(courierId, customerId));
    if ((n?.n ?? 0) >= AUTHORISED_PEOPLE_MAX) throw new AppError('conflict', AUTHORISED_PEOPLE_MESSAGES.tooMany);
    const [row] = await tx
      .insert(authorisedPeople)
      .values({ courierId, customerId, ...values })
      .returning();
    if (!row) throw new Error('authorised person not written');
    await audit(tx, {
      courierId,
      actor: user,
      action: 'customer.authorised_person_added',
      entity: 'customer',
      entityId: customerId,
      details: { authorisedPersonId: row.id, name: row.name, idType: row.idType },
    });
    return toPerson(row);
  });
}

/** The customer takes a person off their list; another customer's person answers 404. */
export async function removeAuthorisedPerson(db: Db, user: AuthUser, id: number): Promise<void> {
  const { courierId, customerId } = ownerOf(user);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .update(authorisedPeople)
      .set({ removedAt: new Date() })
      .where(and(eq(authorisedPeople.id, id), current(courierId, customerId)))
      .returning({ id: authorisedPeople.id, name: authorisedPeople.name });
    if (!row) throw new AppError('not_found', AUTHORISED_PEOPLE_MESSAGES.notFound);
    await audit(tx, {
      courierId,
      actor: user,
      action: 'customer.authorised_person_removed',
      entity: 'customer',
      entityId: customerId,
      details: { authorisedPersonId: row.id, name: row.name },
    });
  });
}

/** The authorised person collecting for this customer, or a 422 when they are not on the customer's list. */
export async function authorisedCollector(db: Db, courierId: number, customerId: number, id: number): Promise<AuthorisedPerson> {
  const [row] = await db
    .select()
    .from(authorisedPeople)
    .where(and(eq(authorisedPeople.id, id), current(courierId, customerId)));
  if (!row) throw new AppError('unprocessable', AUTHORISED_PEOPLE_MESSAGES.notAuthorised);
  return toPerson(row);
}
