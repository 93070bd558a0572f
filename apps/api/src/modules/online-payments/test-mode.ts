import { and, eq } from 'drizzle-orm';
import { ONLINE_PAYMENT_MESSAGES } from '@courier/shared/schemas/online-payments';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { courierDomains } from '../../db/schema/public-site';
import { domainOrigin, platformOrigin } from '../../lib/courier-links';
import type { Admission } from './simulator';

/** Our notification route for one courier, the only address the test gateway answers to. */
export const responsePath = (courierId: number) => `/api/online-payments/wipay/${courierId}/response`;
const RESPONSE_PATH = /^\/api\/online-payments\/wipay\/([1-9]\d{0,9})\/response$/;
/** Where the card processor (PowerTranz) sends the customer's browser after the bank's check. */
export const cardResponsePath = (courierId: number) => `/api/online-payments/powertranz/${courierId}/response`;
const CARD_RESPONSE_PATH = /^\/api\/online-payments\/powertranz\/([1-9]\d{0,9})\/response$/;

/** Whether card payments of this courier go to the test gateway (false for an unknown courier). */
export async function inTestMode(db: Db, courierId: number): Promise<boolean> {
  const [row] = await db.select({ test: couriers.paymentTestMode }).from(couriers).where(eq(couriers.id, courierId));
  return row?.test === true;
}

/** The couriers in test mode, for the start-up warning. */
export async function couriersInTestMode(db: Db): Promise<Array<{ id: number; code: string; name: string }>> {
  return db
    .select({ id: couriers.id, code: couriers.code, name: couriers.name })
    .from(couriers)
    .where(eq(couriers.paymentTestMode, true))
    .orderBy(couriers.code);
}

/** A production start: NODE_ENV=production, or a server that does not seed demo data. */
export const isProductionStart = (config: Config) => config.NODE_ENV === 'production' || !config.SEED_DEMO;

/** Loopback origins of this server's own port: how the server reaches itself. */
function loopbackOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
}

/**
 * Whom the in-process test gateway serves: a `response_url` that is our own notification route
 * (on PUBLIC_URL, this server's loopback port, or one of the courier's approved domains) for a
 * courier in test mode. The notification then goes to that route over loopback, never to the
 * address the caller gave; the browser follows to the given (checked) address.
 */
export function testGatewayAdmission(options: { db: Db; config: Config; ownPort: () => number | null }, route = RESPONSE_PATH) {
  return async (responseUrl: string): Promise<Admission> => {
    const refuse = (message: string): Admission => ({ ok: false, message });
    let url: URL;
    try {
      url = new URL(responseUrl);
    } catch {
      return refuse(ONLINE_PAYMENT_MESSAGES.simulatorResponseUrl);
    }
    const match = route.exec(url.pathname);
    const port = options.ownPort();
    if (!match || url.search || url.hash || url.username || url.password || port === null) {
      return refuse(ONLINE_PAYMENT_MESSAGES.simulatorResponseUrl);
    }
    const courierId = Number(match[1]);
    if (courierId > 2_147_483_647) return refuse(ONLINE_PAYMENT_MESSAGES.simulatorResponseUrl);
    // Our addresses: the platform's, this server's own loopback port, or one of this courier's
    // approved host names (lib/courier-links.ts); a loopback listener on another port is not ours.
    const ours = new Set([...loopbackOrigins(port), new URL(platformOrigin(options.config)).origin]);
    if (!ours.has(url.origin)) {
      const [approved] = await options.db
        .select({ hostname: courierDomains.hostname })
        .from(courierDomains)
        .where(
          and(
            eq(courierDomains.courierId, courierId),
            eq(courierDomains.hostname, url.hostname.toLowerCase()),
            eq(courierDomains.status, 'approved'),
          ),
        );
      if (!approved || url.origin !== new URL(domainOrigin(options.config, approved.hostname)).origin) {
        return refuse(ONLINE_PAYMENT_MESSAGES.simulatorResponseUrl);
      }
    }
    if (!(await inTestMode(options.db, courierId))) return { ok: false, message: ONLINE_PAYMENT_MESSAGES.notInTestMode, status: 403 };
    return { ok: true, notifyUrl: `http://127.0.0.1:${port}${url.pathname}` };
  };
}

/** The same rule for the test card processor: only our own card response route, for a courier in test mode. */
export const testProcessorAdmission = (options: { db: Db; config: Config; ownPort: () => number | null }) =>
  testGatewayAdmission(options, CARD_RESPONSE_PATH);
