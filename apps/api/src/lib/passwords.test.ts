import { describe, expect, it } from 'vitest';
import { HASH_SLOTS, hashPassword, inHashSlot, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP minimum cost and verifies only the same password', async () => {
    const hash = await hashPassword('Correct horse 1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Correct horse 1')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse 2')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct horse 1')).toBe(false);
  });

  it('runs at most HASH_SLOTS hashes at once, the rest in arrival order, and frees a slot when a hash fails', async () => {
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) => async () => {
      now += 1;
      most = Math.max(most, now);
      await new Promise((r) => setTimeout(r, 5));
      now -= 1;
      order.push(i);
      if (i === 0) throw new Error('failed hash');
      return i;
    };
    const results = await Promise.allSettled(Array.from({ length: HASH_SLOTS + 4 }, (_, i) => inHashSlot(job(i))));
    expect(most).toBe(HASH_SLOTS);
    expect(results[0]?.status).toBe('rejected');
    expect(results.slice(1).every((r) => r.status === 'fulfilled')).toBe(true);
    // Queued work starts in the order it arrived.
    expect(order.slice(HASH_SLOTS)).toEqual([...order.slice(HASH_SLOTS)].sort((a, b) => a - b));
    // Every slot is free again: as many at once as there are slots.
    most = 0;
    await Promise.all(Array.from({ length: HASH_SLOTS }, (_, i) => inHashSlot(job(i + 1))));
    expect(most).toBe(HASH_SLOTS);
  });
});
