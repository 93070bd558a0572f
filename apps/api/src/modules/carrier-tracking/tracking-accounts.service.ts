import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TrackingAccount, TrackingAccountInput } from '@courier/shared/schemas/carrier-tracking';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { carrierTrackingAccounts } from '../../db/schema/carrier-tracking';
import { couriers } from '../../db/schema/couriers';
import { platformOrigin } from '../../lib/courier-links';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { AuthUser } from '../../plugins/auth';
import { AFTERSHIP_BASE_URL, type AggregatorAccount } from './aftership';

export interface TrackingDeps {
  db: Db;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'TRACKING_SIMULATOR_URL'>;
  box: SecretBox;
}

export interface OpenAccount extends AggregatorAccount {
  courierId: number;
  webhookSecret: string;
  /** The simulator, not the aggregator: what it produces says TEST. */
  test: boolean;
}

/** Where the aggregator posts one courier's webhooks (its dashboard holds this address). */
export function webhookUrlOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, courierId: number): string {
  return `${platformOrigin(config)}/api/carrier-tracking/aftership/${courierId}`;
}

const isTest = (baseUrl: string) => baseUrl.replace(/\/$/, '') !== AFTERSHIP_BASE_URL;

function opened(deps: TrackingDeps, row: typeof carrierTrackingAccounts.$inferSelect): OpenAccount {
  return {
    courierId: row.courierId,
    baseUrl: row.baseUrl,
    apiKey: deps.box.open(row.apiKeySealed),
    webhookSecret: deps.box.open(row.webhookSecretSealed),
    test: isTest(row.baseUrl),
  };
}

/**
 * The courier's account: its own at the aggregator, else (a courier in test mode) one at the
 * simulator, made the first time it is needed. A live courier without an account follows nothing.
 */
export async function accountFor(deps: TrackingDeps, courierId: number): Promise<OpenAccount | null> {
  const [row] = await deps.db.select().from(carrierTrackingAccounts).where(eq(carrierTrackingAccounts.courierId, courierId));
  if (row) return opened(deps, row);
  const [courier] = await deps.db.select({ test: couriers.paymentTestMode }).from(couriers).where(eq(couriers.id, courierId));
  if (!courier?.test) return null;
  const [made] = await deps.db
    .insert(carrierTrackingAccounts)
    .values({
      courierId,
      baseUrl: deps.config.TRACKING_SIMULATOR_URL.replace(/\/$/, ''),
      apiKeySealed: deps.box.seal(`sim_${randomBytes(12).toString('hex')}`),
      webhookSecretSealed: deps.box.seal(randomBytes(24).toString('base64url')),
    })
    .onConflictDoNothing()
    .returning();
  if (made) return opened(deps, made);
  const [again] = await deps.db.select().from(carrierTrackingAccounts).where(eq(carrierTrackingAccounts.courierId, courierId));
  return again ? opened(deps, again) : null;
}

/** An account by courier, for the webhook: only an existing one (a webhook never makes one). */
export async function existingAccount(deps: TrackingDeps, courierId: number): Promise<OpenAccount | null> {
  const [row] = await deps.db.select().from(carrierTrackingAccounts).where(eq(carrierTrackingAccounts.courierId, courierId));
  return row ? opened(deps, row) : null;
}

function ownCourier(user: AuthUser): number {
  if (user.courierId === null) throw new AppError('bad_request', 'Choose a courier first');
  return user.courierId;
}

export async function trackingAccountOf(deps: TrackingDeps, user: AuthUser): Promise<TrackingAccount> {
  const courierId = ownCourier(user);
  const [row] = await deps.db
    .select({ baseUrl: carrierTrackingAccounts.baseUrl })
    .from(carrierTrackingAccounts)
    .where(eq(carrierTrackingAccounts.courierId, courierId));
  return { connected: row !== undefined, test: row ? isTest(row.baseUrl) : false, webhookUrl: webhookUrlOf(deps.config, courierId) };
}

/** The courier connects its own aggregator account (its API key and its dashboard's webhook secret). */
export async function saveTrackingAccount(deps: TrackingDeps, user: AuthUser, input: TrackingAccountInput): Promise<TrackingAccount> {
  const courierId = ownCourier(user);
  const values = {
    baseUrl: AFTERSHIP_BASE_URL,
    apiKeySealed: deps.box.seal(input.apiKey),
    webhookSecretSealed: deps.box.seal(input.webhookSecret),
    updatedAt: new Date(),
  };
  await deps.db
    .insert(carrierTrackingAccounts)
    .values({ courierId, ...values })
    .onConflictDoUpdate({ target: carrierTrackingAccounts.courierId, set: values });
  return trackingAccountOf(deps, user);
}
