import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../src/db/schema/email';
import { type TestApp, buildTestApp } from './helper';

/**
 * CI once saw a mail queued a moment before a drain left behind: its sendAfter (the database's
 * now(), in microseconds) was later than the drain's JS Date (milliseconds). Due-ness is judged by
 * the database's clock; a process clock that is behind the database's must not hold mail back.
 * Only on a PostgreSQL server: the embedded engine reads its clock from the process's own Date, so
 * there the two clocks cannot disagree.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('outbox due time', () => {
  it('claims a mail queued just now even when the process clock is behind the database', async () => {
    const id = await t.ctx.mailer.enqueue({ courierId: null, to: 'clock@example.test', subject: 'Now', text: 'Due now' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 2_000);
    const claimed = await t.ctx.mailer.claimDue();
    vi.useRealTimers();
    expect(claimed.map((m) => m.id)).toContain(id);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('sending');
  });
});
