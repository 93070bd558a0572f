/** True for PostgreSQL's unique_violation (23505), however deep the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * PostgreSQL gave up on a request for its limits, not for its input: a statement past its time
 * (57014), a lock not granted in time (55P03), an idle transaction ended (25P03), a deadlock broken
 * (40P01), or no connection of the pool came free in time. The request may be tried again (503).
 */
const BUSY_CODES = new Set(['57014', '55P03', '25P03', '40P01']);
const BUSY_TEXTS = ['timeout exceeded when trying to connect', 'Client has encountered a connection error and is not queryable'];

export function isDatabaseBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && BUSY_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && BUSY_TEXTS.some((text) => message.includes(text))) return true;
  }
  return false;
}
