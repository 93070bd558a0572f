import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatCount } from '@courier/shared/format/money';
import type { DashboardChart } from '@courier/shared/schemas/dashboard';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableToggle } from '@/components/ui/table-toggle';
import { useContainerWidth } from '@/components/ui/data-table-layout';
import { leanCategoryLabels } from './chart-axis';

const ChartPlot = lazy(() => import('./chart-plot'));

/** True once the element has come near the screen: a chart below the fold costs nothing until then. */
function useNearScreen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    watch.observe(el);
    return () => watch.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * What a chart's figures come to when a drawing would say nothing more: no figure at all, or a
 * pie with one slice (a disc). Null when the chart is worth drawing.
 */
export function chartSentence(chart: DashboardChart): string | null {
  const shown = chart.data.filter((d) => d.value !== 0);
  if (shown.length === 0) return 'No data available';
  const [only] = shown;
  if (chart.kind === 'pie' && shown.length === 1 && only) return `All ${formatCount(only.value)} in ${only.name}.`;
  return null;
}

/** A dashboard chart: its title, the drawing (or one sentence), and its figures behind "Show table". */
export function ChartCard({ chart }: { chart: DashboardChart }) {
  const area = useRef<HTMLDivElement>(null);
  const lean = leanCategoryLabels(
    chart.data.map((d) => d.name),
    useContainerWidth(area),
  );
  const near = useNearScreen(area);
  const sentence = chartSentence(chart);
  // formatCount, not toLocaleString: a phone's first Intl number format costs tens of ms of the first render.
  const summary = chart.data.map((d) => `${d.name} ${formatCount(d.value)}`).join(', ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{chart.label}</CardTitle>
      </CardHeader>
      {sentence !== null ? (
        <CardContent ref={area}>
          <p className="text-sm text-slate-600">{sentence}</p>
        </CardContent>
      ) : (
        <CardContent className="space-y-4">
          <div ref={area} className="h-64" role="img" aria-label={`${chart.label}: ${summary}`}>
            {near ? (
              <Suspense fallback={<Skeleton className="h-full" />}>
                <ChartPlot chart={chart} lean={lean} />
              </Suspense>
            ) : (
              <Skeleton className="h-full" />
            )}
          </div>
          <TableToggle>
            <table className="w-full text-sm tabular-nums">
              <caption className="sr-only">{chart.label}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th className="py-1.5 font-medium">Name</th>
                  <th className="py-1.5 text-right font-medium">Count</th>
                </tr>
              </thead>
              <tbody>
                {chart.data.map((d) => (
                  <tr key={d.name} className="border-b border-slate-100">
                    <td className="py-1.5">{d.name}</td>
                    <td className="py-1.5 text-right">{formatCount(d.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableToggle>
        </CardContent>
      )}
    </Card>
  );
}
