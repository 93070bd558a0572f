import { ChevronDown } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useId, useState } from 'react';
import { NavLink, matchPath, useLocation } from 'react-router';
import { cn } from '@/lib/cn';

/**
 * The sections a portal's sidebar is grouped into, in the order they are shown. Items
 * without a section (the dashboard) come first, pinned items (Settings, Profile) last, below the
 * scrolling list, so they are always in view.
 */
export const NAV_SECTIONS = ['Operations', 'Shipping', 'Customers', 'Billing', 'Support', 'Organisation'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export interface NavItem {
  label: string;
  /** Absolute path of the page. */
  to: string;
  icon: ComponentType<{ className?: string }>;
  /** A count badge or similar shown after the label (e.g. Support Tickets). */
  badge?: ReactNode;
  /** The labelled group the item is listed under; none: above the groups. */
  section?: NavSection;
  /** Kept at the bottom of the sidebar, always in view (Settings). */
  pinned?: boolean;
}

export interface NavGroup {
  title: NavSection | null;
  items: NavItem[];
}

/** The sidebar's groups: unsectioned items first, then each section in NAV_SECTIONS order; pinned items apart. */
export function groupNav(nav: NavItem[]): { groups: NavGroup[]; pinned: NavItem[] } {
  const listed = nav.filter((i) => !i.pinned);
  const groups: NavGroup[] = [{ title: null, items: listed.filter((i) => !i.section) }];
  for (const title of NAV_SECTIONS) groups.push({ title, items: listed.filter((i) => i.section === title) });
  return { groups: groups.filter((g) => g.items.length > 0), pinned: nav.filter((i) => i.pinned) };
}

const storageKey = (portalName: string) => `sidebar-collapsed:${portalName}`;

function readCollapsed(portalName: string): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKey(portalName)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Which sections the person has folded away, remembered per portal on this device. */
function useCollapsedSections(portalName: string) {
  const [collapsed, setCollapsed] = useState<string[]>(() => (typeof window === 'undefined' ? [] : readCollapsed(portalName)));
  const update = (change: (current: string[]) => string[]) =>
    setCollapsed((current) => {
      const next = change(current);
      if (next === current) return current;
      try {
        window.localStorage.setItem(storageKey(portalName), JSON.stringify(next));
      } catch {
        // Storage full or blocked: the fold lasts until the page reloads.
      }
      return next;
    });
  const toggle = (title: string) => update((c) => (c.includes(title) ? c.filter((t) => t !== title) : [...c, title]));
  const expand = (title: string) => update((c) => (c.includes(title) ? c.filter((t) => t !== title) : c));
  return { collapsed, toggle, expand };
}

function NavLinks({ items }: { items: NavItem[] }) {
  return items.map((item) => (
    <li key={item.to}>
      <NavLink
        to={item.to}
        className={({ isActive }) =>
          cn(
            'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
            isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          )
        }
      >
        <item.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="flex-1">{item.label}</span>
        {item.badge}
      </NavLink>
    </li>
  ));
}

function Section({ group, open, onToggle }: { group: NavGroup & { title: NavSection }; open: boolean; onToggle: () => void }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-heading`} className="mt-3">
      <button
        id={`${id}-heading`}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={onToggle}
        className="flex w-full items-center justify-between rounded-md px-3 py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase hover:bg-slate-100 hover:text-slate-700"
      >
        {group.title}
        <ChevronDown className={cn('h-3.5 w-3.5 transition-transform', !open && '-rotate-90')} aria-hidden="true" />
      </button>
      <ul id={`${id}-list`} hidden={!open} className="mt-1 space-y-1">
        <NavLinks items={group.items} />
      </ul>
    </div>
  );
}

/**
 * The sidebar's links in labelled, foldable sections (groups named by their toggle; not headings,
 * which would repeat the pages' own titles such as Customers), with the pinned items and the footer (Log out) below the scrolling part. Arriving on a
 * page of a folded section (from the command palette, a link) unfolds it.
 */
export function SidebarNav({ portalName, nav, footer }: { portalName: string; nav: NavItem[]; footer?: ReactNode }) {
  const { groups, pinned } = groupNav(nav);
  const { collapsed, toggle, expand } = useCollapsedSections(portalName);
  const { pathname } = useLocation();
  const current = groups.find((g) => g.items.some((i) => matchPath({ path: i.to, end: false }, pathname)))?.title;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page (`pathname`) unfolds its section again; `expand` only sets state.
  useEffect(() => {
    if (current) expand(current);
  }, [current, pathname]);
  return (
    <>
      <div className="flex-1 overflow-y-auto p-3">
        {groups.map((group) =>
          group.title === null ? (
            <ul key="top" className="space-y-1">
              <NavLinks items={group.items} />
            </ul>
          ) : (
            <Section
              key={group.title}
              group={{ ...group, title: group.title }}
              open={!collapsed.includes(group.title)}
              onToggle={() => toggle(group.title as string)}
            />
          ),
        )}
      </div>
      <div className="border-t border-slate-200 p-3">
        {pinned.length > 0 && (
          <ul className="mb-1 space-y-1">
            <NavLinks items={pinned} />
          </ul>
        )}
        {footer}
      </div>
    </>
  );
}
