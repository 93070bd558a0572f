import { useEffect, useState } from 'react';

/**
 * A long bulk action under way (a large manifest added or shipped): what is happening, a bar
 * (filled to `percent` when known, else moving) and the seconds so far, announced politely.
 */
export function BulkProgress({ label, percent }: { label: string; percent?: number }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="flex w-full min-w-0 flex-col gap-1 text-sm text-slate-700 sm:w-72" role="status">
      <span>
        {label}
        {percent !== undefined ? ` (${Math.round(percent)}%)` : ''}
        {seconds > 0 ? `, ${seconds} s` : ''}
      </span>
      <progress className="h-2 w-full accent-brand-700" aria-label={label} max={100} value={percent} />
    </div>
  );
}
