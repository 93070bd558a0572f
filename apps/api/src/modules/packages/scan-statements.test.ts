import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countStatements } from '../../../test/statements';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { customers } from '../../db/schema/customers';

/**
 * The scan lookup is the warehouse's most frequent request: the session, the package read once
 * (with everything the station shows), and its timeline. Reading the package again by id cost a
 * quarter of the lookup.
 */
let t: TestApp;
let staff: string;
const tracking = '1Z999AA10000009991';

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'branch_manager');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  const res = await t.api('POST', '/packages', staff, { trackingNumber: tracking, weightLb: 1.5, mailbox: c?.mailboxNumber, mode: 'AIR' });
  expect(res.statusCode).toBe(201);
});
afterAll(async () => t?.close());

it('finds a received package in three statements, the session included', async () => {
  const { result, statements } = await countStatements(() => t.api('GET', `/packages/scan?trackingNumber=${tracking}`, staff));
  expect(result.statusCode).toBe(200);
  expect(result.json().package.trackingNumber).toBe(tracking);
  expect(result.json().package.events.length).toBeGreaterThan(0);
  expect(statements.length, statements.join('\n---\n')).toBeLessThanOrEqual(3);
});
