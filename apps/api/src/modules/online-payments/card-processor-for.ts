import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import type { SecretBox } from '../../lib/secret-box';
import { PowerTranzClient } from './powertranz';
import { POWERTRANZ_TEST_CREDENTIALS } from './powertranz-simulator';
import { inTestMode } from './test-mode';

/** Where the in-process PowerTranz simulator is mounted (under /api). */
export const PROCESSOR_SIMULATOR_PREFIX = '/api/dev/powertranz';

export interface CardDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  secrets: SecretBox;
  /** This server's own address over loopback, or null before it listens. */
  ownOrigin: () => string | null;
}

/**
 * The card processor that keeps a courier's customers' cards. In test mode (the super admin's
 * switch) the local PowerTranz simulator with its test merchant, so nothing is charged and every
 * card and charge says TEST; a live courier has none until its own PowerTranz merchant account can
 * be entered (docs/decisions/054), so saved cards are not offered to it.
 */
export async function cardProcessorFor(
  deps: Pick<CardDeps, 'db' | 'config' | 'ownOrigin'>,
  courierId: number,
): Promise<PowerTranzClient | null> {
  if (!(await inTestMode(deps.db, courierId))) return null;
  const origin = deps.config.PAYMENT_SIMULATOR ? deps.ownOrigin() : null;
  if (!origin) return null;
  return new PowerTranzClient({ baseUrl: `${origin}${PROCESSOR_SIMULATOR_PREFIX}`, credentials: POWERTRANZ_TEST_CREDENTIALS, test: true });
}
