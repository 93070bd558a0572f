import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardChart } from '@courier/shared/schemas/dashboard';
import { CHART_COLOURS, CHART_SLICE_GAP, chartAxis, chartGrid, chartTooltip } from '@/components/ui/chart-theme';
import { VALUE_AXIS_WIDTH, countTicks } from './chart-axis';

/**
 * The drawing of a dashboard chart (Recharts, loaded on its own when the chart comes into view):
 * the token palette, horizontal grid lines only, every category labelled.
 */
export default function ChartPlot({ chart, lean }: { chart: DashboardChart; lean: boolean }) {
  const ticks = countTicks(Math.max(0, ...chart.data.map((d) => d.value)));
  return (
    <ResponsiveContainer width="100%" height="100%">
      {chart.kind === 'bar' ? (
        <BarChart data={chart.data}>
          <CartesianGrid vertical={false} {...chartGrid} />
          {/* Every category keeps its label; they lean when they would collide (a phone, many bars). */}
          <XAxis
            dataKey="name"
            stroke={chartAxis.stroke}
            tick={chartAxis.tick}
            tickLine={false}
            interval={0}
            {...(lean ? { angle: -30, textAnchor: 'end', height: 72 } : {})}
          />
          <YAxis
            ticks={ticks}
            domain={[0, ticks.at(-1) ?? 1]}
            axisLine={false}
            tickLine={false}
            tick={chartAxis.tick}
            width={VALUE_AXIS_WIDTH}
          />
          <Tooltip {...chartTooltip} />
          <Bar isAnimationActive={false} dataKey="value" name={chart.label} fill={CHART_COLOURS[0]} radius={[4, 4, 0, 0]} />
        </BarChart>
      ) : (
        <PieChart>
          <Pie isAnimationActive={false} stroke={CHART_SLICE_GAP} data={chart.data} dataKey="value" nameKey="name" outerRadius="75%">
            {chart.data.map((d, i) => (
              <Cell key={d.name} fill={CHART_COLOURS[i % CHART_COLOURS.length]} />
            ))}
          </Pie>
          <Tooltip {...chartTooltip} />
          <Legend />
        </PieChart>
      )}
    </ResponsiveContainer>
  );
}
