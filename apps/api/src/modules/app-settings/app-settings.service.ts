import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/platform';

// The one writer of app_settings, the platform's own key-value settings: the super admin's
// (platform), the default courier (public-site), the generated keys (messaging, the token secret).
// Each key's meaning stays with the module that uses it; everyone reads the rows directly.

/** Sets one platform setting (made on first save). */
export async function putAppSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

/** Removes one platform setting (its default applies again). */
export async function removeAppSetting(db: Db, key: string): Promise<void> {
  await db.delete(appSettings).where(eq(appSettings.key, key));
}

/**
 * A generated value kept for good (a secret, a key pair): stored unless one is there already, and
 * returns the stored one, so two processes starting together end up with the same.
 */
export async function keepOnce(db: Db, key: string, value: unknown): Promise<unknown> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}
