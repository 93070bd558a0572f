import { AlertTriangle, CheckCircle2, Hand, Volume2, VolumeX, WifiOff, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { CameraScan } from './camera-scan';
import { type ScanTone, isMuted, setMuted } from './scan-sounds';
import { StationForm } from './station-form';
import type { ScanRecord, useScanStation } from './use-scan-station';
import { useDateFormat } from '@/lib/format-date';

const PANEL: Record<ScanTone, string> = {
  ok: 'bg-green-700 text-white',
  warning: 'bg-amber-300 text-slate-950',
  error: 'bg-red-700 text-white',
  // A held parcel: red like a refusal, and framed, so it is never taken for a good one.
  hold: 'bg-red-700 text-white ring-8 ring-red-300',
};
const TONE_WORD: Record<ScanTone, string> = { ok: 'Accepted', warning: 'Check', error: 'Refused', hold: 'HOLD' };
const TONE_TEXT: Record<ScanTone, string> = {
  ok: 'text-green-800',
  warning: 'text-amber-800',
  error: 'text-red-700',
  hold: 'text-red-700',
};

function ToneIcon({ tone, className }: { tone: ScanTone; className?: string }) {
  const Icon = tone === 'ok' ? CheckCircle2 : tone === 'warning' ? AlertTriangle : tone === 'hold' ? Hand : XCircle;
  return <Icon className={className} aria-hidden="true" />;
}

/** The big result of the last scan: green accepted, amber to check, red refused; read out by screen readers. */
export function ScanResultPanel({ last }: { last: ScanRecord | null }) {
  return (
    <div aria-live="polite" data-testid="scan-result">
      {last && (
        <div
          key={last.id}
          role={last.tone === 'error' || last.tone === 'hold' ? 'alert' : 'status'}
          data-tone={last.tone}
          className={`flex items-start gap-3 rounded-lg p-4 text-lg font-semibold shadow-sm sm:text-xl ${PANEL[last.tone]}`}
        >
          <ToneIcon tone={last.tone} className="mt-0.5 size-7 shrink-0" />
          <div className="min-w-0">
            {last.tone === 'hold' && <p className="text-4xl font-black tracking-widest sm:text-5xl">HOLD</p>}
            <p className="break-words">{last.message}</p>
            <p className="mt-1 font-mono text-sm font-normal">
              {TONE_WORD[last.tone]} · {last.code || '(empty)'}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

/** The last 20 scans, newest first, each with its outcome. */
export function ScanHistory({ history }: { history: ScanRecord[] }) {
  const dates = useDateFormat();
  if (history.length === 0) return null;
  return (
    <details className="rounded-md border border-slate-200 bg-white" open>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700">Last scans ({history.length})</summary>
      {/* Scrolls when long: focusable so the keyboard can scroll it too. */}
      <ol className="max-h-64 divide-y divide-slate-100 overflow-y-auto text-sm" aria-label="Last scans" tabIndex={0}>
        {history.map((h) => (
          <li key={h.id} className="flex flex-wrap items-start gap-x-2 px-3 py-1.5">
            <ToneIcon tone={h.tone} className={`mt-0.5 size-4 shrink-0 ${TONE_TEXT[h.tone]}`} />
            <span className="sr-only">{TONE_WORD[h.tone]}:</span>
            <span className="min-w-0 flex-1 break-all font-mono sm:flex-none">{h.code || '(empty)'}</span>
            <span className="order-last w-full break-words pl-6 text-slate-600 sm:order-none sm:w-auto sm:min-w-0 sm:flex-1 sm:pl-0">
              {h.message}
            </span>
            <time className="shrink-0 text-xs text-slate-600" dateTime={h.at.toISOString()}>
              {dates.time(h.at)}
            </time>
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * The station's connection state: while offline, a dark band says scans are refused and lists the
 * refused codes; once back, the same codes with "Scan them again".
 */
export function ScanOfflineState({ station }: { station: ReturnType<typeof useScanStation> }) {
  const { offline, missed } = station;
  if (!offline && missed.length === 0) return null;
  const count = missed.length === 1 ? '1 scan was' : `${missed.length} scans were`;
  return (
    <div
      role="status"
      data-testid="scan-offline"
      data-offline={offline}
      className={`rounded-lg p-4 ${offline ? 'bg-slate-900 text-white' : 'border border-amber-300 bg-amber-50 text-amber-950'}`}
    >
      <p className="flex items-center gap-2 text-lg font-semibold">
        <WifiOff className="size-5 shrink-0" aria-hidden="true" />
        {offline ? 'Offline: scans are not recorded' : 'Connection back'}
      </p>
      <p className="mt-1 text-sm">
        {offline
          ? 'The station cannot reach the server. Each scan is refused with a buzz until the connection is back.'
          : `${count} refused while offline: scan again.`}
      </p>
      {missed.length > 0 && (
        <>
          {offline && (
            <p className="mt-2 text-sm font-medium" data-testid="scan-missed-count">
              {count} refused while offline
            </p>
          )}
          <ul className="mt-1 flex flex-wrap gap-1.5 font-mono text-sm" aria-label="Scans refused while offline">
            {missed.map((code) => (
              <li key={code} className={`rounded px-1.5 py-0.5 ${offline ? 'bg-slate-700' : 'bg-amber-100'}`}>
                {code}
              </li>
            ))}
          </ul>
          {!offline && (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button type="button" size="sm" onClick={station.retryMissed}>
                Scan them again
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={station.dismissMissed}>
                Dismiss
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function MuteToggle() {
  const [muted, setState] = useState(isMuted);
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-pressed={muted}
      onClick={() => {
        setMuted(!muted);
        setState(!muted);
      }}
    >
      {muted ? <VolumeX className="size-4" aria-hidden="true" /> : <Volume2 className="size-4" aria-hidden="true" />}
      {muted ? 'Sound off' : 'Sound on'}
    </Button>
  );
}

interface ScanStationProps {
  station: ReturnType<typeof useScanStation>;
  label: string;
  hint?: string;
  /** The button's word (Look up, Add, Record...). */
  action: string;
  autoFocus?: boolean;
  /** Offer the phone's camera as a scanner. */
  camera?: boolean;
  /** Toggles shown beside the sound switch (auto-print on the Scan screen). */
  extra?: ReactNode;
  /** Whether the result panel and history are shown here (false when the screen places them). */
  showResults?: boolean;
}

/**
 * The one scan field of every floor screen: a large input that is cleared and focused after each
 * scan, the result panel, the sound switch and the last scans.
 */
export function ScanStation({ station, label, hint, action, autoFocus, camera, extra, showResults = true }: ScanStationProps) {
  return (
    <div className="space-y-3">
      <StationForm onSubmit={station.onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label="Scan station">
        <Field label={label} hint={hint ?? 'Scan the barcode or type the number, then press Enter'} className="flex-1">
          {/* One line, each Enter a new one: see useScanStation. Not controlled, so React never overwrites what was typed. */}
          <Textarea
            ref={station.inputRef}
            onInput={station.onInput}
            rows={1}
            wrap="off"
            autoFocus={autoFocus}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
            className="h-10 min-h-0 resize-none overflow-hidden py-[5px] font-mono text-lg leading-7"
          />
        </Field>
        <div className="flex flex-wrap items-center gap-2 sm:mb-6">
          {/* Never disabled while busy: a disabled submit button would swallow a click on it. */}
          <Button type="submit">{action}</Button>
          {station.busy && <Spinner className="size-4" label="Working" />}
          {camera && <CameraScan onDetected={(code) => station.scan(code)} />}
        </div>
      </StationForm>
      <ScanOfflineState station={station} />
      <div className="flex flex-wrap items-center gap-2">
        <MuteToggle />
        {extra}
      </div>
      {showResults && (
        <>
          <ScanResultPanel last={station.last} />
          <ScanHistory history={station.history} />
        </>
      )}
    </div>
  );
}
