import { type FormEvent, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { scanProblem } from '@courier/shared/domain/scan';
import { ApiError, errorMessage } from '@/lib/api-client';
import { connectivity } from '@/lib/connectivity';
import { type ScanTone, playScanTone } from './scan-sounds';

/** What a screen says about one scan. */
export interface ScanOutcome {
  tone: ScanTone;
  message: string;
  /** False when the screen moves the focus elsewhere (the Scan screen's weight field). */
  refocus?: boolean;
}

export interface ScanRecord extends ScanOutcome {
  id: number;
  code: string;
  at: Date;
}

export const SCAN_HISTORY_LENGTH = 20;

/**
 * Without a network a scan is refused, never kept back: every scan screen needs the server's answer
 * (is it ours, is it on this manifest) before the person moves on to the next parcel, so a queued
 * scan would be a promise the station cannot keep. The refused codes stay listed until the person
 * scans them again (one button once the connection is back) or dismisses them.
 */
export const SCAN_OFFLINE_MESSAGES = {
  refused: (code: string) => `No connection: ${code} was not recorded. Scan it again when the connection is back`,
} as const;

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.kind !== 'http';

/**
 * How often the field is read for lines that arrived unseen: while the browser prints a label it runs
 * no script of the page, yet types what the scan gun sends (Enter included) into the field.
 */
export const SCAN_FIELD_CHECK_MS = 250;

/**
 * A scan field that behaves like a scan station: each line is one scan. The field is a one-line
 * text area that React never writes to: the Enter a scan gun sends after each code is a new line in
 * it, so what the gun typed is all there, in order, even when the page's scripts were paused (a
 * label printing) and saw none of the keys. Every complete line is taken at once (on input, and
 * every SCAN_FIELD_CHECK_MS for lines typed unseen) and the rest stays for the next Enter; scans are
 * handled one after another in the order they came, each result is shown, sounded and kept in the
 * last 20.
 */
export function useScanStation(onScan: (code: string) => Promise<ScanOutcome>) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [last, setLast] = useState<ScanRecord | null>(null);
  const [history, setHistory] = useState<ScanRecord[]>([]);
  const [pending, setPending] = useState(0);
  const offline = useSyncExternalStore(connectivity.subscribe, connectivity.isOffline, () => false);
  /** Codes refused for want of a connection, oldest first. */
  const [missed, setMissed] = useState<string[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextId = useRef(1);
  const handler = useRef(onScan);
  handler.current = onScan;

  const record = useCallback((code: string, outcome: ScanOutcome) => {
    const entry: ScanRecord = { ...outcome, code, id: nextId.current++, at: new Date() };
    setLast(entry);
    setHistory((h) => [entry, ...h].slice(0, SCAN_HISTORY_LENGTH));
    playScanTone(outcome.tone);
    if (outcome.refocus !== false) inputRef.current?.focus();
  }, []);

  /**
   * Runs a piece of the station's work after everything before it: scans and the receipts of the
   * packages they opened share one queue, so a scan made while a receipt saves waits its turn.
   */
  const enqueue = useCallback((task: () => Promise<void>) => {
    setPending((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        await task();
      } catch {
        // Each task reports its own failure; the queue goes on.
      } finally {
        setPending((n) => n - 1);
      }
    });
  }, []);

  /** Takes a code from the field, the camera or a test; refusals never reach the screen's handler. */
  const scan = useCallback(
    (raw: string) => {
      const code = raw.trim();
      const problem = scanProblem(code);
      if (problem) {
        record(code, { tone: 'error', message: problem });
        return;
      }
      const refuseOffline = () => {
        record(code, { tone: 'error', message: SCAN_OFFLINE_MESSAGES.refused(code) });
        setMissed((m) => (m.includes(code) ? m : [...m, code]));
      };
      if (connectivity.isOffline()) {
        refuseOffline();
        return;
      }
      enqueue(async () => {
        try {
          record(code, await handler.current(code));
        } catch (error) {
          if (isNetworkFailure(error)) refuseOffline();
          else record(code, { tone: 'error', message: errorMessage(error, 'The scan could not be recorded') });
        }
      });
    },
    [record, enqueue],
  );

  /** Scans every complete line in the field, oldest first, and leaves the unfinished one. */
  const takeLines = useCallback(() => {
    const field = inputRef.current;
    if (!field?.value.includes('\n')) return;
    const lines = field.value.split('\n');
    field.value = lines.pop() ?? '';
    for (const line of lines) scan(line);
  }, [scan]);

  useEffect(() => {
    const timer = window.setInterval(takeLines, SCAN_FIELD_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [takeLines]);

  /** The form's button (or a submit from code): the lines, then what is left in the field, as one scan. */
  const onSubmit = useCallback(
    (e: FormEvent) => {
      e.preventDefault();
      takeLines();
      const field = inputRef.current;
      const text = field?.value ?? '';
      if (field) field.value = '';
      field?.focus();
      scan(text);
    },
    [scan, takeLines],
  );

  /** Scans the codes refused while offline again, in the order they came. */
  const retryMissed = useCallback(() => {
    const codes = missed;
    setMissed([]);
    for (const code of codes) scan(code);
  }, [missed, scan]);

  return {
    inputRef,
    /** The field's input handler: takes the lines as they come. */
    onInput: takeLines,
    onSubmit,
    scan,
    /** Records a result that did not come from the field (a package received by its form). */
    report: record,
    enqueue,
    last,
    history,
    busy: pending > 0,
    /** True while the server cannot be reached: scans are refused, with a message. */
    offline,
    missed,
    retryMissed,
    dismissMissed: () => setMissed([]),
    focus: () => inputRef.current?.focus(),
  };
}
