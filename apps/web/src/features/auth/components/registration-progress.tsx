import { Check } from 'lucide-react';
import { REGISTRATION_STEP_LABELS } from '@courier/shared/schemas/auth-form';
import { cn } from '@/lib/cn';

/** The wizard's four numbered steps: done ones ticked, the current one marked for screen readers. */
export function RegistrationProgress({ step }: { step: number }) {
  return (
    <ol className="mb-8 grid grid-cols-4 gap-2" aria-label="Registration progress">
      {REGISTRATION_STEP_LABELS.map((label, index) => {
        const done = index < step;
        const current = index === step;
        return (
          <li key={label} aria-current={current ? 'step' : undefined} className="flex flex-col items-center gap-1 text-center">
            <span
              className={cn(
                'flex h-9 w-9 items-center justify-center rounded-full border-2 text-sm font-semibold',
                done && 'border-brand-700 bg-brand-700 text-white',
                current && 'border-brand-700 bg-white text-brand-800',
                !done && !current && 'border-slate-300 bg-white text-slate-500',
              )}
            >
              {done ? <Check className="h-4 w-4" aria-hidden="true" /> : index + 1}
            </span>
            <span className={cn('text-xs font-medium', current ? 'text-brand-800' : 'text-slate-600')}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
