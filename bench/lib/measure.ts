/** What the benchmarks share: autocannon with every response time kept, percentiles, RSS, load. */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';

/** Runs autocannon and keeps every response time, for percentiles it does not report (p95). */
export function measure(options: autocannon.Options): Promise<{ result: autocannon.Result; times: number[] }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve({ result, times })));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** The p-th percentile of the response times, in ms with one decimal ("-" when there are none). */
export function pct(times: number[], p: number): string {
  if (times.length === 0) return '-';
  const sorted = [...times].sort((a, b) => a - b);
  const at = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return at.toFixed(1);
}

/** The process and every process below it (the embedded PostgreSQL's guardian, postmaster and backends). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop() as number;
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

function statusKb(pid: number, file: 'status' | 'smaps_rollup', field: string): number {
  try {
    const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Resident memory in MiB, from /proc (Linux), of a process and all its descendants: for PGlite
 * that is the Node process alone (its WebAssembly heap and buffers included); for the embedded
 * PostgreSQL, Node plus the postgres processes. RSS counts shared memory (postgres's shared
 * buffers) once per process that touched it, so the sum overstates; PSS shares it out.
 */
export function rssMiB(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + statusKb(p, 'status', 'VmRSS'), 0) / 1024;
}

/** Proportional set size of the tree in MiB: shared pages divided among the processes sharing them. */
export function pssMiB(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + statusKb(p, 'smaps_rollup', 'Pss'), 0) / 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; answers the largest sample. */
export function sampleRss(pid: number, everyMs = 100, read: (pid: number) => number = rssMiB): { stop: () => number } {
  let peak = read(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read(pid));
    } catch {
      // The process ended between two samples; keep the peak so far.
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** The 1-minute load average, to print beside each figure: the machine is shared. */
export function load1(): string {
  return (os.loadavg()[0] ?? 0).toFixed(1);
}

/**
 * CPU time a process and its descendants have used so far (user + system), in ms, from /proc (Linux). Divided by the
 * requests answered in between, it gives the server's CPU cost of one request: unlike req/s, it
 * hardly moves with what else the shared machine is doing.
 */
export function cpuMs(pid: number): number {
  // The process and its descendants: the embedded PostgreSQL's backends do the queries' work.
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      // Fields after the command name "(...)": utime and stime are the 12th and 13th, in clock ticks.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}
/** USER_HZ: 100 on every Linux the benchmarks run on. */
const CLOCK_TICKS = 100;
