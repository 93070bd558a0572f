/**
 * The busy day's figures: each request's time and when it started, p95 over the whole run and
 * after the sign-in burst, the server's CPU per request of each kind, and the tables that print them.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cpuMs, pct } from './measure';

export interface Tally {
  /** Response times (ms), in the order the requests started. */
  times: number[];
  /** When each request started (ms, performance.now()). */
  startedAt: number[];
  errors: number;
  sample?: string;
  /** The server's CPU per request of this kind, measured alone after the day (ms). */
  cpuMs?: number;
}

/** The times of the requests that started after `since` (the last sign-in's answer). */
export const timesAfter = (t: Tally, since: number) => t.times.filter((_, i) => (t.startedAt[i] ?? 0) >= since);

/** CPU time (ms) of one PostgreSQL backend process, when it runs on this machine (0 otherwise). */
function backendCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = fields.slice(fields.lastIndexOf(')') + 2).split(' ');
    return ((Number(after[11]) + Number(after[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * The server's CPU: its Node process tree (the embedded PostgreSQL included) and, on a PostgreSQL
 * server on this machine, the backends connected to the bench database (sampled every 250 ms, as
 * the pool opens and closes them: a backend's CPU counts from its first sample).
 */
export async function serverCpu(pid: number, databaseUrl: string | undefined) {
  const nodeStart = cpuMs(pid);
  const seen = new Map<number, { first: number; last: number }>();
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let sampling: Promise<void> = Promise.resolve();
  if (databaseUrl) {
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const c = client;
    const sample = async () => {
      const { rows } = await c.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      for (const { pid: p } of rows) {
        const now = backendCpuMs(p);
        const known = seen.get(p);
        if (known) known.last = Math.max(known.last, now);
        else seen.set(p, { first: now, last: now });
      }
    };
    await sample();
    timer = setInterval(() => {
      sampling = sample().catch(() => {});
    }, 250);
  }
  return {
    /** Node's CPU (ms) and PostgreSQL's since the start, sampling stopped. */
    stop: async () => {
      if (timer) clearInterval(timer);
      await sampling;
      const node = cpuMs(pid) - nodeStart;
      let postgres = 0;
      for (const { first, last } of seen.values()) postgres += last - first;
      await client?.end();
      return { node, postgres };
    },
  };
}

/** The table of the day: every figure over the whole run, p95 also after the sign-in burst. */
export function printDay(tallies: Map<string, Tally>, burstEnd: number, burstSeconds: number): string[] {
  const sorted = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b));
  const cpu = (t: Tally) => (t.cpuMs === undefined ? '-' : t.cpuMs.toFixed(2));
  console.log(
    `| Kind of request | requests | p50 ms | **p95 ms, whole run** | p95 ms after the sign-in burst (${burstSeconds.toFixed(1)} s) | p99 ms | max ms | errors | server CPU ms a request (alone) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [label, t] of sorted) {
    const later = timesAfter(t, burstEnd);
    console.log(
      `| ${label} | ${t.times.length} | ${pct(t.times, 50)} | ${pct(t.times, 95)} | ${pct(later, 95)} (${later.length}) | ${pct(t.times, 99)} | ${t.times.length ? Math.max(...t.times).toFixed(1) : '-'} | ${t.errors} | ${cpu(t)} |`,
    );
  }
  const all = sorted.flatMap(([, t]) => t.times);
  const allLater = sorted.flatMap(([, t]) => timesAfter(t, burstEnd));
  const errors = sorted.reduce((s, [, t]) => s + t.errors, 0);
  console.log(
    `| **all** | ${all.length} | ${pct(all, 50)} | ${pct(all, 95)} | ${pct(allLater, 95)} (${allLater.length}) | ${pct(all, 99)} | ${all.length ? Math.max(...all).toFixed(1) : '-'} | ${errors} | |`,
  );
  // A kind without a request in the window misses too: nothing says it met the goal.
  const missed = (after: boolean) =>
    sorted
      .filter(([label, t]) => {
        const times = after ? timesAfter(t, burstEnd) : t.times;
        return !label.startsWith('sign-in') && (times.length === 0 || Number(pct(times, 95)) >= 100);
      })
      .map(([l, t]) => ((after ? timesAfter(t, burstEnd) : t.times).length === 0 ? `${l} (no request)` : l));
  const say = (xs: string[]) => (xs.length === 0 ? 'every kind' : `missed by ${xs.join(', ')}`);
  console.log(`\np95 under 100 ms (sign-ins apart), whole run: ${say(missed(false))}.`);
  console.log(`p95 under 100 ms (sign-ins apart), after the sign-in burst: ${say(missed(true))}.`);
  return sorted.map(([l]) => l);
}

/** Two days side by side: p95 (whole run and after the burst) and CPU per request, this tree ÷ the ref. */
export function printRatios(
  ref: string,
  before: { tallies: Map<string, Tally>; burstEnd: number },
  after: { tallies: Map<string, Tally>; burstEnd: number },
): void {
  const r = (a: number, b: number) => (Number.isFinite(a / b) && b > 0 ? (a / b).toFixed(2) : '-');
  console.log(
    `\n| Kind of request | p95 ms whole run, ${ref} → this tree (ratio) | p95 ms after the burst, ${ref} → this tree (ratio) | CPU ms a request, ${ref} → this tree (ratio) |`,
  );
  console.log('|---|---|---|---|');
  const labels = [...new Set([...before.tallies.keys(), ...after.tallies.keys()])].sort();
  for (const label of labels) {
    const b = before.tallies.get(label);
    const a = after.tallies.get(label);
    if (!a || !b) continue;
    const pw = [Number(pct(b.times, 95)), Number(pct(a.times, 95))] as const;
    const pl = [Number(pct(timesAfter(b, before.burstEnd), 95)), Number(pct(timesAfter(a, after.burstEnd), 95))] as const;
    const c = [b.cpuMs ?? Number.NaN, a.cpuMs ?? Number.NaN] as const;
    console.log(
      `| ${label} | ${pw[0]} → ${pw[1]} (${r(pw[1], pw[0])}) | ${pl[0]} → ${pl[1]} (${r(pl[1], pl[0])}) | ${c[0].toFixed(2)} → ${c[1].toFixed(2)} (${r(c[1], c[0])}) |`,
    );
  }
}
