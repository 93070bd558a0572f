import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '@/components/ui/data-table';
import { softBreaks } from './soft-breaks';

/** The text with each <wbr> shown as "|". */
function breaks(text: string): string {
  const { container } = render(<p>{softBreaks(text)}</p>);
  const p = container.querySelector('p');
  for (const wbr of p?.querySelectorAll('wbr') ?? []) wbr.replaceWith('|');
  return p?.textContent ?? '';
}

describe('softBreaks', () => {
  it('breaks an e-mail after the @ and before its dots, never inside a word', () => {
    expect(breaks('maria.campbell-brown@example.test')).toBe('maria|.campbell-|brown@|example.test');
  });

  it('keeps a short name and domain whole around the @', () => {
    expect(breaks('customer@example.test')).toBe('customer@|example.test');
  });

  it('breaks ids and paths at their separators', () => {
    expect(breaks('/customer/pre-alerts/12')).toBe('/|customer/|pre-|alerts/|12');
  });

  it('keeps a short hyphenated id on one line', () => {
    const { container } = render(<p>{softBreaks('Kimberly Williams (JXP-10001)')}</p>);
    expect(container.querySelector('.whitespace-nowrap')?.textContent).toBe('(JXP-10001)');
    expect(container.textContent).toBe('Kimberly Williams (JXP-10001)');
    expect(render(<p>{softBreaks('PKG-000001')}</p>).container.querySelector('.whitespace-nowrap')?.textContent).toBe('PKG-000001');
  });

  it('leaves short text and ordinary words alone', () => {
    expect(softBreaks('Kingston')).toBe('Kingston');
    expect(softBreaks('a.b@c.jm')).toBe('a.b@c.jm');
    expect(breaks('Half Way Tree, St. Andrew')).toBe('Half Way Tree, St. Andrew');
  });

  it('keeps the text itself, spaces included', () => {
    expect(breaks('Send to maria.campbell@example.test today')).toBe('Send to maria|.campbell@|example.test today');
  });
});

describe('DataTable cells', () => {
  it('wrap an e-mail at its @ and dots, keeping whole words (no overflow-wrap: anywhere)', () => {
    const noop = () => {};
    const { container } = render(
      <DataTable<{ id: number; email: string }>
        label="Staff"
        columns={[{ field: 'email', label: 'Email' }]}
        data={[{ id: 1, email: 'maria.campbell@jamaicaexpress.test' }]}
        total={1}
        getRowId={(r) => r.id}
        page={1}
        pageSize={10}
        onPageChange={noop}
        onPageSizeChange={noop}
        search=""
        onSearchChange={noop}
        sort={null}
        onSortChange={noop}
        filters={{}}
        onFiltersChange={noop}
      />,
    );
    const cell = container.querySelector('td');
    expect(cell?.innerHTML).toBe('maria<wbr>.campbell@<wbr>jamaicaexpress<wbr>.test');
    expect(cell?.className).toContain('break-words');
    expect(cell?.className).not.toContain('anywhere');
  });
});
