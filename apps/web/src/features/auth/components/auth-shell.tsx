import { Bell, PackageCheck, ReceiptText, ScanLine, ShieldCheck, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export interface Brand {
  name: string;
  logoUrl: string;
}

/** Where the courier's customers find it: shown on the customer sign-in and registration pages. */
export interface ShellContact {
  branches: ReadonlyArray<{ name: string; address: string }>;
  phone: string | null;
}

/** What the side says: to a courier's customers (the sign-in pages' phrases), or to a courier's owner setting it up. */
const PITCHES = {
  customer: {
    headline: 'Your US address, delivered to Jamaica.',
    phrases: [
      { icon: Truck, label: 'Express Delivery' },
      { icon: ShieldCheck, label: 'Secure Shipping' },
      { icon: PackageCheck, label: 'Real-time Tracking' },
    ],
  },
  courier: {
    headline: 'Run your courier from one portal.',
    phrases: [
      { icon: ScanLine, label: 'Receive and scan packages' },
      { icon: ReceiptText, label: 'Invoice and take payments' },
      { icon: Bell, label: 'Keep your customers informed' },
    ],
  },
} as const;

/**
 * The split layout of the sign-in pages: the courier's logo, name and the marketing
 * phrases on one side (on top on a phone), the form on the other. `audience="courier"` pitches
 * the portal to a courier's owner instead of a US address to its customers.
 */
export function AuthShell({
  brand,
  title,
  subtitle,
  contact,
  audience = 'customer',
  children,
}: {
  brand: Brand;
  title: string;
  subtitle?: string;
  contact?: ShellContact;
  audience?: keyof typeof PITCHES;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 lg:flex-row">
      <aside className="flex flex-col justify-between gap-6 bg-brand-800 px-6 py-6 text-white lg:w-5/12 lg:px-12 lg:py-12">
        <Link to={paths.home} className="flex items-center gap-3 self-start rounded-md font-semibold">
          <img
            src={brand.logoUrl}
            alt=""
            height={44}
            // A fixed height and the logo's own width (up to a limit): a wide logo keeps its shape.
            className="h-11 w-auto max-w-48 shrink-0 rounded-md bg-white object-contain p-1"
            onError={(event) => {
              if (!event.currentTarget.src.endsWith('/default-logo.svg')) event.currentTarget.src = '/default-logo.svg';
            }}
          />
          <span className="text-lg">{brand.name}</span>
        </Link>
        <div className="hidden lg:block">
          <p className="text-3xl font-bold leading-tight">{PITCHES[audience].headline}</p>
          <ul className="mt-8 space-y-4">
            {PITCHES[audience].phrases.map(({ icon: Icon, label }) => (
              <li key={label} className="flex items-center gap-3 text-brand-100">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span className="font-medium text-white">{label}</span>
              </li>
            ))}
          </ul>
        </div>
        {contact && (contact.branches.length > 0 || contact.phone) && (
          <address className="text-sm not-italic text-brand-100" data-testid="auth-contact">
            <ul className="space-y-1">
              {contact.branches.map((branch) => (
                <li key={branch.name}>
                  <span className="font-medium text-white">{branch.name} branch</span>
                  {branch.address && `: ${branch.address}`}
                </li>
              ))}
              {contact.phone && <li>{contact.phone}</li>}
            </ul>
          </address>
        )}
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-brand-100 lg:hidden">
          {PITCHES[audience].phrases.map(({ label }) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      </aside>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-12">
        <div className="w-full max-w-md">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
