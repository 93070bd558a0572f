/**
 * Counters kept in this process for /api/metrics. Each replica reports its own; Prometheus sums
 * them across replicas, so nothing here needs to be shared.
 */
export const jobRuns = new Map<string, { ran: number; skipped: number; failed: number }>();

export function countJobRun(job: string, outcome: 'ran' | 'skipped' | 'failed'): void {
  const entry = jobRuns.get(job) ?? { ran: 0, skipped: 0, failed: 0 };
  entry[outcome] += 1;
  jobRuns.set(job, entry);
}
