import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/platform';

/** The `app_settings` key of the platform SMTP the super admin sets (Settings of /superadmin). */
export const PLATFORM_SMTP_KEY = 'platform_smtp';

export interface StoredSmtp {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  /** Sealed with the SecretBox; never sent to a browser. */
  passwordSealed: string | null;
  fromEmail: string;
  fromName: string;
}

export async function readPlatformSmtp(db: Db): Promise<StoredSmtp | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, PLATFORM_SMTP_KEY));
  const v = row?.value;
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const s = v as Partial<StoredSmtp>;
  if (typeof s.host !== 'string' || typeof s.port !== 'number' || typeof s.fromEmail !== 'string') return null;
  return {
    host: s.host,
    port: s.port,
    secure: s.secure === true,
    user: typeof s.user === 'string' ? s.user : null,
    passwordSealed: typeof s.passwordSealed === 'string' ? s.passwordSealed : null,
    fromEmail: s.fromEmail,
    fromName: typeof s.fromName === 'string' ? s.fromName : '',
  };
}

/** The `app_settings` key of the platform's own brand (its name and logo), for mail of no courier. */
export const PLATFORM_BRAND_KEY = 'platform_brand';

/** The platform's brand name and logo as stored; null fields where none is set. */
export async function readPlatformBrand(db: Db): Promise<{ name: string | null; logoUrl: string | null }> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, PLATFORM_BRAND_KEY));
  const v = row?.value as Record<string, unknown> | undefined;
  return { name: typeof v?.name === 'string' ? v.name : null, logoUrl: typeof v?.logoUrl === 'string' ? v.logoUrl : null };
}
