import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { emailOutbox } from '../../db/schema/email';
import { packages } from '../../db/schema/packages';
import { flagUncollected } from './uncollected.service';

/**
 * The uncollected reminder goes once per customer per day, listing every parcel of theirs that
 * crossed 15 days, however often the hourly job runs that day; a single parcel reads as alone.
 */

let t: TestApp;
let courierId: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 15:00 in Kingston (the courier's zone, UTC-5 all year).
const today = new Date('2026-11-20T20:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, `UR${Date.now().toString().slice(-5)}`)).id;
});
afterAll(async () => t?.close());

let seq = 0;
async function readySince(customerId: number, readyAt: Date) {
  seq += 1;
  const tag = `${Date.now().toString().slice(-6)}${seq}`;
  const [row] = await t.db
    .insert(packages)
    .values({
      courierId,
      customerId,
      packageNumber: `PKG-UR${tag}`,
      trackingNumber: `1ZUNC${tag}`,
      status: 'ready_for_pickup',
      weightLb: 2,
      readyAt,
    })
    .returning();
  if (!row) throw new Error('package insert failed');
  return row;
}

const remindersTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(asc(emailOutbox.id));

describe('uncollected reminders', () => {
  it('sends one reminder per customer per day listing their parcels, not one per parcel', async () => {
    const many = await makeCustomer(t, courierId);
    const one = await makeCustomer(t, courierId);
    const old = [
      await readySince(many.id, new Date(today.getTime() - 20 * DAY)),
      await readySince(many.id, new Date(today.getTime() - 18 * DAY)),
    ];
    // Both made ready on the same day, fifteen days ago, an hour apart.
    const sameDay = [
      await readySince(many.id, new Date(today.getTime() - 15 * DAY - HOUR / 2)),
      await readySince(many.id, new Date(today.getTime() - 15 * DAY + HOUR / 2)),
    ];
    const lone = await readySince(one.id, new Date(today.getTime() - 19 * DAY));
    const s = { db: t.db, mailer: t.ctx.mailer };

    // The hourly job, twice in one afternoon.
    await flagUncollected(s, today);
    await flagUncollected(s, new Date(today.getTime() + HOUR));
    const first = await remindersTo(many.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toMatch(/Reminder: 2 packages are waiting for you$/);
    for (const p of old) expect(first[0]?.textBody).toContain(p.packageNumber);
    for (const p of sameDay) expect(first[0]?.textBody).not.toContain(p.packageNumber);

    const alone = await remindersTo(one.email);
    expect(alone).toHaveLength(1);
    expect(alone[0]?.subject).toMatch(new RegExp(`Reminder: your package is waiting for you: ${lone.packageNumber}$`));

    // Just after midnight the next day: the two that crossed yesterday, in one reminder.
    await flagUncollected(s, new Date('2026-11-21T05:30:00Z'));
    const second = (await remindersTo(many.email)).slice(1);
    expect(second).toHaveLength(1);
    expect(second[0]?.subject).toMatch(/Reminder: 2 packages are waiting for you$/);
    for (const p of sameDay) expect(second[0]?.textBody).toContain(p.packageNumber);
    const flagged = await t.db.select().from(packages).where(eq(packages.customerId, many.id));
    expect(flagged.every((p) => p.uncollectedSince !== null)).toBe(true);
    expect(await remindersTo(one.email)).toHaveLength(1);
  });
});
