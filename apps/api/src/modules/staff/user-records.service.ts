import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

// The one writer of users for other modules: a courier's first admin (platform), a registration
// and a password reset (auth), the person's own profile (settings), the super admin (cli).

type UserRow = typeof users.$inferSelect;

/** A new staff-side account; returns its id. A taken e-mail fails with the unique violation. */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('User insert returned nothing');
  return row.id;
}

/** Changes the columns given on one account; returns the row as it is now, or undefined when there is none. */
export async function changeUser(db: Db, id: number, values: PgUpdateSetSource<typeof users>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** The account has just signed in. */
export async function markUserSignedIn(db: Db, id: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
}
