/**
 * Charts read the token palette (styles/tokens.css), so a chart follows the colour mode and the
 * courier's accent: SVG fills and strokes take the custom properties as they are.
 */
export const CHART_COLOURS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `var(--chart-${n})`);

/** Axis labels and lines, the grid and the tooltip in the surface's colours. */
export const chartAxis = { stroke: 'var(--slate-300)', tick: { fill: 'var(--slate-600)', fontSize: 12 } } as const;
export const chartGrid = { stroke: 'var(--slate-200)' } as const;
export const chartTooltip = {
  contentStyle: { backgroundColor: 'var(--surface)', borderColor: 'var(--slate-200)', color: 'var(--slate-900)' },
  cursor: { fill: 'var(--slate-100)' },
} as const;
/** The line between pie slices: the surface. */
export const CHART_SLICE_GAP = 'var(--surface)';
