import { availableParallelism } from 'node:os';

// argon2id with OWASP's minimum parameters (19 MiB, 2 iterations); algorithm 2 is argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The native argon2 library, loaded on the first sign-in or password change, not at every start. */
const argon2 = () => import('@node-rs/argon2');

/**
 * How many hashes run at once: all cores but one (one on a 2-core machine). A burst of sign-ins
 * (an office arriving at 8) otherwise fills every libuv thread with 19 MiB hashes, and every other
 * request waits for a core, and for a thread for its file reads and DNS lookups.
 */
export const HASH_SLOTS = Math.max(1, availableParallelism() - 1);

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when a hash slot is free; the others queue in arrival order. */
export async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line; `running` stays counted for it.
    if (next) next();
    else running -= 1;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await argon2();
  return inHashSlot(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    const { verify } = await argon2();
    return await inHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-but-same-cost');
  return dummyHash;
}
