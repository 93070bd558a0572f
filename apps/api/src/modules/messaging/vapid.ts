import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/platform';
import type { SecretBox } from '../../lib/secret-box';
import { keepOnce } from '../app-settings/index';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const KEY = 'web_push_vapid';

/**
 * The platform's VAPID keys (one pair for every courier: browsers tie a subscription to the key it
 * was made with, so it never changes). From the environment when set, else generated once and kept
 * in app_settings, the private key sealed.
 */
export async function vapidKeys(
  db: Db,
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
  box: SecretBox,
): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
  }
  const read = async () => {
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
    return row?.value as { publicKey: string; privateKeySealed: string } | undefined;
  };
  let stored = await read();
  if (!stored) {
    // Loaded on first use: most starts find the keys stored.
    const { default: webpush } = await import('web-push');
    const pair = webpush.generateVAPIDKeys();
    // Two processes starting together: the first one written wins for both.
    stored = (await keepOnce(db, KEY, { publicKey: pair.publicKey, privateKeySealed: box.seal(pair.privateKey) })) as
      | { publicKey: string; privateKeySealed: string }
      | undefined;
  }
  if (!stored) throw new Error('VAPID keys could not be stored');
  return { publicKey: stored.publicKey, privateKey: box.open(stored.privateKeySealed), subject: config.VAPID_SUBJECT };
}
