import { inArray } from 'drizzle-orm';
import {
  DEFAULT_BRAND_NAME,
  DEFAULT_EXCHANGE_RATE,
  type PlatformSettings,
  type platformSettingsInputSchema,
} from '@courier/shared/schemas/platform';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/platform';
import { audit } from '../../lib/audit';
import { PLATFORM_BRAND_KEY, PLATFORM_SMTP_KEY, type StoredSmtp, readPlatformSmtp } from '../../lib/platform-smtp';
import type { SecretBox } from '../../lib/secret-box';
import type { AuthUser } from '../../plugins/auth';
import { putAppSetting, removeAppSetting } from '../app-settings/index';

type Input = z.output<typeof platformSettingsInputSchema>;

/** Keys of `app_settings` this module owns. */
export const PLATFORM_KEYS = { brand: PLATFORM_BRAND_KEY, smtp: PLATFORM_SMTP_KEY, exchangeRate: 'platform_exchange_rate' } as const;

interface StoredBrand {
  name: string;
  logoUrl: string | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function readAll(db: Db): Promise<{ brand: StoredBrand; smtp: StoredSmtp | null; exchangeRate: number }> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, Object.values(PLATFORM_KEYS)));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const brand = byKey.get(PLATFORM_KEYS.brand);
  const rate = byKey.get(PLATFORM_KEYS.exchangeRate);
  return {
    brand: isRecord(brand)
      ? { name: String(brand.name ?? DEFAULT_BRAND_NAME), logoUrl: typeof brand.logoUrl === 'string' ? brand.logoUrl : null }
      : { name: DEFAULT_BRAND_NAME, logoUrl: null },
    smtp: byKey.has(PLATFORM_KEYS.smtp) ? await readPlatformSmtp(db) : null,
    exchangeRate: typeof rate === 'number' ? rate : DEFAULT_EXCHANGE_RATE,
  };
}

export async function defaultExchangeRate(db: Db): Promise<number> {
  return (await readAll(db)).exchangeRate;
}

export async function getPlatformSettings(db: Db): Promise<PlatformSettings> {
  const { brand, smtp, exchangeRate } = await readAll(db);
  return {
    brandName: brand.name,
    brandLogoUrl: brand.logoUrl,
    defaultExchangeRate: exchangeRate,
    smtp: smtp
      ? {
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          user: smtp.user,
          hasPassword: smtp.passwordSealed !== null,
          fromEmail: smtp.fromEmail,
          fromName: smtp.fromName,
        }
      : null,
  };
}

export async function savePlatformSettings(db: Db, secrets: SecretBox, user: AuthUser, input: Input): Promise<PlatformSettings> {
  const current = await readAll(db);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await putAppSetting(t, PLATFORM_KEYS.brand, { name: input.brandName, logoUrl: input.brandLogoUrl ?? null });
    await putAppSetting(t, PLATFORM_KEYS.exchangeRate, input.defaultExchangeRate);
    if (input.smtp) {
      // An empty password on an edit keeps the stored one; it is never sent back to the browser.
      const passwordSealed = input.smtp.password ? secrets.seal(input.smtp.password) : (current.smtp?.passwordSealed ?? null);
      const stored: StoredSmtp = {
        host: input.smtp.host,
        port: input.smtp.port,
        secure: input.smtp.secure,
        user: input.smtp.user ?? null,
        passwordSealed,
        fromEmail: input.smtp.fromEmail,
        fromName: input.smtp.fromName,
      };
      await putAppSetting(t, PLATFORM_KEYS.smtp, stored);
    } else {
      await removeAppSetting(t, PLATFORM_KEYS.smtp);
    }
    await audit(t, {
      courierId: null,
      actor: user,
      action: 'platform.settings_updated',
      entity: 'platform',
      details: {
        brandName: input.brandName,
        defaultExchangeRate: input.defaultExchangeRate,
        smtpHost: input.smtp?.host ?? null,
      },
    });
  });
  return getPlatformSettings(db);
}
