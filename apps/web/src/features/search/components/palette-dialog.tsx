import { Command, defaultFilter } from 'cmdk';
import { FileText, Package, Search, UserRound } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ComponentType, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { NavItem } from '@/components/layout/sidebar-nav';
import { portalOf } from '@/lib/portal-context';
import { cn } from '@/lib/cn';
import { SEARCH_MIN_LENGTH, useRecordSearch } from '../api/search';
import { resultLinks } from './result-links';

interface Entry {
  /** cmdk's id of the item (lower case, unique). */
  value: string;
  group: 'Screens' | 'Packages' | 'Customers' | 'Invoices';
  label: string;
  detail?: string | null;
  to: string;
  icon: ComponentType<{ className?: string }>;
}

const GROUPS: Entry['group'][] = ['Screens', 'Packages', 'Customers', 'Invoices'];

/** The sidebar's screens matching what was typed (all of them before anything is), best first. */
export function matchScreens(nav: NavItem[], search: string): NavItem[] {
  const q = search.trim();
  if (q === '') return nav;
  return nav
    .map((item) => ({ item, score: defaultFilter(item.label, q, item.section ? [item.section] : []) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((m) => m.item);
}

/** What the palette lists: matching screens, then the packages, customers and invoices the lookup found. */
function useEntries(nav: NavItem[], search: string) {
  // The palette needs only the portal's name, which the path gives.
  const portal = portalOf(useLocation().pathname);
  const links = resultLinks(portal);
  const found = useRecordSearch(search);
  const r = found.data;
  const entries: Entry[] = [
    ...matchScreens(nav, search).map((i) => ({
      value: `screen ${i.to}`,
      group: 'Screens' as const,
      label: i.label,
      to: i.to,
      icon: i.icon,
    })),
    ...(r?.packages ?? []).map((p) => ({
      value: `package ${p.id}`,
      group: 'Packages' as const,
      label: p.packageNumber,
      detail: [p.trackingNumber, p.customerName].filter(Boolean).join(' · '),
      to: links.package(p),
      icon: Package,
    })),
    ...(r?.customers ?? []).map((c) => ({
      value: `customer ${c.id}`,
      group: 'Customers' as const,
      label: c.name,
      detail: c.mailboxNumber,
      to: links.customer(c),
      icon: UserRound,
    })),
    ...(r?.invoices ?? []).map((i) => ({
      value: `invoice ${i.courierId} ${i.invoiceNo.toLowerCase()}`,
      group: 'Invoices' as const,
      label: i.invoiceNo,
      detail: i.customerName,
      to: links.invoice(i),
      icon: FileText,
    })),
  ];
  const searching = search.trim().length >= SEARCH_MIN_LENGTH && (found.isFetching || found.data === undefined) && !found.isError;
  return { entries, searching };
}

/** The palette's search box and list: arrows move, Enter opens, Escape (the dialog) closes. */
export function PaletteBody({ nav, onDone }: { nav: NavItem[]; onDone: () => void }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const { entries, searching } = useEntries(nav, search);
  // Results arrive after typing: keep an item selected so Enter always opens something.
  const [selected, setSelected] = useState('');
  const first = entries[0]?.value ?? '';
  const stillThere = entries.some((e) => e.value === selected);
  useEffect(() => {
    if (!stillThere) setSelected(first);
  }, [stillThere, first]);

  const go = (to: string) => {
    onDone();
    void navigate(to);
  };
  return (
    <Command label="Command palette" shouldFilter={false} vimBindings={false} loop value={selected} onValueChange={setSelected}>
      <div className="flex items-center gap-2 border-b border-slate-200 px-3">
        <Search className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder="Go to a screen, or type a package, mailbox or invoice number"
          className="h-12 w-full bg-transparent text-sm text-slate-900 outline-none placeholder:text-slate-500"
        />
      </div>
      {/* Only groups and options inside the listbox: what it says while empty or searching stands beside it. */}
      <Command.List className="max-h-[60vh] overflow-y-auto p-2">
        {GROUPS.map((group) => {
          const items = entries.filter((e) => e.group === group);
          if (items.length === 0) return null;
          return (
            <Command.Group
              key={group}
              heading={group}
              className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:uppercase"
            >
              {items.map((e) => (
                <Command.Item
                  key={e.value}
                  value={e.value}
                  onSelect={() => go(e.to)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700',
                    'data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800',
                  )}
                >
                  <e.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                  <span className="font-medium">{e.label}</span>
                  {e.detail && <span className="truncate text-xs text-slate-500">{e.detail}</span>}
                </Command.Item>
              ))}
            </Command.Group>
          );
        })}
      </Command.List>
      {entries.length === 0 && (
        <p className="px-3 pb-6 text-center text-sm text-slate-600" role="status">
          {searching ? 'Searching…' : 'No screen, package, customer or invoice matches.'}
        </p>
      )}
      {entries.length > 0 && searching && (
        <p className="px-5 pb-3 text-xs text-slate-500" role="status">
          Searching…
        </p>
      )}
    </Command>
  );
}

/** The palette's dialog, loaded at its first opening (cmdk and the dialog stay off the portal's first paint). */
export default function PaletteDialog({
  nav,
  open,
  onOpenChange,
  onClosed,
}: {
  nav: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes (the header's Search button). */
  onClosed: () => void;
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-scrim" />
        <D.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-lg bg-white shadow-xl focus:outline-none"
        >
          <D.Title className="sr-only">Search screens and records</D.Title>
          <PaletteBody nav={nav} onDone={() => onOpenChange(false)} />
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
