import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '@courier/shared/schemas/search';
import { ADMIN_NAV } from '@/app/routes/admin/admin-layout';
import { CommandPalette } from './command-palette';
import { matchScreens } from './palette-dialog';
import { resultLinks } from './result-links';

const EMPTY: SearchResult = { packages: [], customers: [], invoices: [] };
let found: SearchResult = EMPTY;
const searched = vi.fn();
vi.mock('../api/search', () => ({
  SEARCH_MIN_LENGTH: 2,
  useRecordSearch: (q: string) => {
    searched(q);
    return { data: q.trim().length >= 2 ? found : undefined, isFetching: false, isError: false };
  },
}));

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}

function renderPalette() {
  return render(
    <MemoryRouter initialEntries={['/admin/dashboard']}>
      <CommandPalette nav={ADMIN_NAV} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const openWithKeys = () => fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
const input = () => screen.getByRole('combobox');
const options = () => screen.getAllByRole('option').map((o) => o.textContent);

beforeAll(() => {
  // cmdk scrolls the selected item into view and watches the list's size; jsdom has no layout.
  Element.prototype.scrollIntoView = vi.fn();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
beforeEach(() => {
  found = EMPTY;
});

describe('command palette', () => {
  it('opens with Ctrl+K or Cmd+K and from the header button, and closes with Escape', async () => {
    renderPalette();
    expect(screen.queryByRole('dialog')).toBeNull();
    openWithKeys();
    expect(await screen.findByRole('dialog', { name: 'Search screens and records' })).toBeInTheDocument();
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('lists every sidebar screen, filters them by typing, and Enter opens the first', async () => {
    renderPalette();
    openWithKeys();
    await screen.findByRole('dialog');
    expect(options()).toEqual(ADMIN_NAV.map((i) => i.label));
    fireEvent.change(input(), { target: { value: 'maniefest' } });
    expect(options()[0]).toBe('Maniefest');
    expect(options()).not.toContain('Invoices');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/admin/maniefest'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves with the arrows and opens the chosen screen', async () => {
    renderPalette();
    openWithKeys();
    await screen.findByRole('dialog');
    fireEvent.change(input(), { target: { value: 'pay' } });
    const listed = options();
    expect(listed).toContain('Payments');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1];
    expect(second).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'Enter' });
    const target = ADMIN_NAV.find((i) => i.label === listed[1]);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(target?.to ?? '?'));
  });

  it('jumps to an invoice or a package found by number', async () => {
    found = { ...EMPTY, invoices: [{ invoiceNo: 'INV-000001', courierId: 1, customerName: 'Kim Lee' }] };
    renderPalette();
    openWithKeys();
    await screen.findByRole('dialog');
    fireEvent.change(input(), { target: { value: 'INV-000001' } });
    await waitFor(() => expect(options()).toEqual(['INV-000001Kim Lee']));
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/admin/invoices?invoice=INV-000001'));

    found = { ...EMPTY, packages: [{ id: 42, courierId: 1, packageNumber: 'PKG-000042', trackingNumber: '1Z999', customerName: null }] };
    openWithKeys();
    await screen.findByRole('dialog');
    fireEvent.change(input(), { target: { value: '1Z999' } });
    await waitFor(() => expect(options()[0]).toContain('PKG-000042'));
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/admin/packages?search=PKG-000042&package=42'),
    );
  });

  it('scores screens by their label', () => {
    expect(matchScreens(ADMIN_NAV, 'audit').map((i) => i.label)).toEqual(['Audit log']);
    expect(matchScreens(ADMIN_NAV, 'INV-000001')).toEqual([]);
  });
});

describe('where a found record opens, per portal', () => {
  const pkg = { id: 7, courierId: 3, packageNumber: 'PKG-000007', trackingNumber: '1Z7', customerName: null };
  const invoice = { invoiceNo: 'INV-000002', courierId: 3, customerName: null };
  const customer = { id: 9, courierId: 3, mailboxNumber: 'JXP-10009', name: 'Kim Lee', accountType: 'individual' as const };
  it('keeps customers in their own pages and the super admin on the right courier', () => {
    expect(resultLinks('customer').package(pkg)).toBe('/customer/packages?package=7');
    expect(resultLinks('customer').invoice(invoice)).toBe('/customer/invoices/INV-000002');
    expect(resultLinks('staff').customer(customer)).toBe('/staff/customers/9');
    expect(resultLinks('staff').invoice(invoice)).toBe('/staff/invoices?invoice=INV-000002');
    expect(resultLinks('superadmin').invoice(invoice)).toBe('/superadmin/invoices?invoice=INV-000002&courier=3');
    expect(resultLinks('superadmin').customer(customer)).toBe('/superadmin/couriers/3/customers');
  });
});
