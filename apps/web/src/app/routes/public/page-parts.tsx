import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A page's title band: the one h1 of each public page. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-highlight-400 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
      </div>
    </section>
  );
}

/** A titled band of a page. */
export function Section({
  id,
  title,
  intro,
  children,
  className,
  tone = 'plain',
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: 'plain' | 'white';
}) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className={cn('scroll-mt-20', tone === 'white' && 'bg-white', className)}
    >
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="mt-3 max-w-2xl text-base text-slate-600">{intro}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** A numbered step of a how-it-works flow. */
export function Steps({
  steps,
  headingLevel = 'h3',
}: {
  steps: ReadonlyArray<{ title: string; text: string; icon: ReactNode }>;
  headingLevel?: 'h3' | 'h4';
}) {
  const Heading = headingLevel;
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-white" aria-hidden="true">
              {step.icon}
            </span>
            <span className="text-sm font-semibold text-brand-700">Step {index + 1}</span>
          </div>
          <Heading className="mt-3 text-lg font-semibold text-slate-900">{step.title}</Heading>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Long-form text (privacy, terms): readable measure and spacing without a typography plugin. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 text-slate-700 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-1 [&_p]:mt-4 [&_p]:leading-relaxed [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-brand-700 [&_a]:underline">
      {children}
    </div>
  );
}
