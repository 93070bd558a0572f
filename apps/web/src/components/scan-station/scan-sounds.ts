/**
 * The scan station's sounds, made with Web Audio so no file has to load: a short high beep
 * (accepted), two middle beeps (look at the screen), a low buzz (refused) and, for a parcel on
 * hold, a falling siren of three notes that nothing else sounds like. A person at a scan gun hears
 * the result without looking up.
 */
export type ScanTone = 'ok' | 'warning' | 'error' | 'hold';

const MUTED_KEY = 'scanStation.muted';

export function isMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function setMuted(muted: boolean) {
  try {
    if (muted) localStorage.setItem(MUTED_KEY, '1');
    else localStorage.removeItem(MUTED_KEY);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

let context: AudioContext | null = null;

/** One AudioContext for the page, made on the first scan (a key press lets the browser start it). */
function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

const PATTERNS: Record<ScanTone, Array<{ freq: number; start: number; length: number; type: OscillatorType }>> = {
  ok: [{ freq: 1320, start: 0, length: 0.09, type: 'sine' }],
  warning: [
    { freq: 660, start: 0, length: 0.1, type: 'triangle' },
    { freq: 660, start: 0.16, length: 0.1, type: 'triangle' },
  ],
  error: [{ freq: 180, start: 0, length: 0.45, type: 'square' }],
  hold: [
    { freq: 990, start: 0, length: 0.14, type: 'sawtooth' },
    { freq: 740, start: 0.18, length: 0.14, type: 'sawtooth' },
    { freq: 440, start: 0.36, length: 0.3, type: 'sawtooth' },
  ],
};

export function playScanTone(tone: ScanTone) {
  if (isMuted()) return;
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume();
  for (const note of PATTERNS[tone]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = note.type;
    osc.frequency.value = note.freq;
    const at = ctx.currentTime + note.start;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + note.length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + note.length + 0.02);
  }
}
