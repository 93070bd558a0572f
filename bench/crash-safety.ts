/**
 * Crash safety: kills the real server with SIGKILL in the middle of a stream of
 * customer registrations and staff payments, restarts it on the same data, and proves that every
 * acknowledged write is there and whole, that writes cut off in flight are whole or absent, that
 * the books balance and that every receipt e-mail reaches a loopback SMTP server. The checks are
 * apps/api/test/crash/verify.ts; `npm test` runs one short cycle (apps/api/test/crash-safety.test.ts).
 *
 *   npm run bench:crash                                  # embedded database
 *   npm run bench:crash -- --pg postgres://postgres@127.0.0.1:5432   # and a PostgreSQL server
 *   npm run bench:crash -- --cycles 5 --concurrency 8 --kill-after 20 --claims wait
 *
 * --cycles: kill/restart cycles per database, all on the same data (default 5).
 * --kill-after: the kill comes after N to 2N acknowledged writes of each kind (default 15).
 * --claims wait|fast-forward: on PostgreSQL, let the killed process's mail claims expire (60 s,
 *   the default) or move their expiry to now before the restart.
 * Exit status 1 when any check fails.
 */
import { parseArgs } from 'node:util';
import { type CrashDatabase, type CycleResult, runCrashRound } from '../apps/api/test/crash/crash-round';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: process.env.DATABASE_URL ?? '' },
    cycles: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '6' },
    'kill-after': { type: 'string', default: '15' },
    claims: { type: 'string', default: 'wait' },
    'embedded-only': { type: 'boolean', default: false },
  },
});
const claimExpiry = values.claims === 'fast-forward' ? 'fast-forward' : 'wait';

const databases: Array<{ label: string; database: CrashDatabase }> = [
  { label: process.env.EMBEDDED_DATABASE === 'pglite' ? 'embedded (PGlite)' : 'embedded (PostgreSQL)', database: { kind: 'embedded' } },
];
if (values.pg && !values['embedded-only'])
  databases.push({ label: 'PostgreSQL server', database: { kind: 'server', adminUrl: values.pg } });
else console.log('(PostgreSQL server skipped: pass --pg URL or set DATABASE_URL)');

function summary(label: string, cycles: CycleResult[]): string {
  const sum = (pick: (c: CycleResult) => number) => cycles.reduce((s, c) => s + pick(c), 0);
  const max = (pick: (c: CycleResult) => number) => Math.max(...cycles.map(pick));
  return [
    `${label}: ${cycles.length} SIGKILLs`,
    `  acknowledged writes: ${sum((c) => c.acknowledged.registrations)} registrations, ${sum((c) => c.acknowledged.payments)} payments`,
    `  in flight at the kill: ${sum((c) => c.inFlight.sent)}, of which ${sum((c) => c.inFlight.committed)} had committed`,
    `  receipt e-mails: ${sum((c) => c.receiptMails.delivered)}/${sum((c) => c.receiptMails.expected)} delivered after the restarts, ` +
      `${sum((c) => c.receiptMails.duplicates)} twice, ${sum((c) => c.abandonedClaims)} claims of a killed process taken over`,
    `  restart after SIGKILL: up to ${max((c) => c.restartMs)} ms; outbox delivered within ${max((c) => c.deliveryMs)} ms of it`,
    `  problems: ${sum((c) => c.problems.length)} (none: every acknowledged write whole, no half-written record, nothing lost)`,
  ].join('\n');
}

let failed = false;
for (const { label, database } of databases) {
  console.log(`\n== ${label}: ${values.cycles} cycles, ${values.concurrency} writers, claims ${claimExpiry}`);
  const cycles = await runCrashRound({
    database,
    cycles: Number(values.cycles),
    concurrency: Number(values.concurrency),
    killAfterEachKind: Number(values['kill-after']),
    claimExpiry,
    log: (line) => console.log(`  ${line}`),
  });
  for (const c of cycles) for (const p of c.problems) console.log(`  cycle ${c.cycle} PROBLEM: ${p}`);
  console.log(summary(label, cycles));
  if (cycles.some((c) => c.problems.length > 0 || !c.signInAfterRestart)) failed = true;
}
process.exit(failed ? 1 : 0);
