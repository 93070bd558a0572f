import type { ReactNode } from 'react';
import { ScrollRegion } from '@/components/ui/scroll-region';

/** A plain table of figures: the first column words, the rest numbers on the right; sideways scroll on a phone. */
export function ReportTable({
  caption,
  head,
  rows,
  testId,
  empty = 'No data available',
  foot,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  testId?: string;
  empty?: string;
  foot?: ReactNode[];
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  const cell = (i: number) => (i > 0 ? 'py-2 pr-3 text-right tabular-nums whitespace-nowrap' : 'py-2 pr-3');
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500">
            {head.map((h, i) => (
              <th key={h} scope="col" className={`${cell(i)} font-medium`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows are replaced whole, never reordered
            <tr key={row} className="border-b border-slate-100">
              {r.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed-shape row
                <td key={i} className={cell(i)}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr className="font-semibold">
              {foot.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed-shape row
                <td key={i} className={cell(i)}>
                  {c}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </ScrollRegion>
  );
}
