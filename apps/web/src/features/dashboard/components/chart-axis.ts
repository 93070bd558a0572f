/** Width of the bar chart's value axis, in px (YAxis `width`). */
export const VALUE_AXIS_WIDTH = 40;

/** About how wide a category label is at the axis' 12 px font: 7 px a character, plus a gap. */
const labelWidth = (name: string) => name.length * 7 + 8;

/**
 * Whether a bar chart's category labels should lean so they do not run into each other: when the
 * room each category gets is narrower than its longest label (five statuses on a 375 px phone),
 * or, before the chart is measured, when there are more than five.
 */
export function leanCategoryLabels(names: readonly string[], chartWidth: number): boolean {
  if (names.length === 0) return false;
  if (chartWidth <= 0) return names.length > 5;
  const perCategory = (chartWidth - VALUE_AXIS_WIDTH) / names.length;
  return names.some((name) => labelWidth(name) > perCategory);
}

/**
 * Whole-number ticks for a count axis, from 0 to a round top at or above the largest value, at
 * most about five steps: 0–4 by 1 for a maximum of 4, 0–40 by 10 for 37. Recharts' own choice
 * with `allowDecimals={false}` skipped a step on small counts (0, 1, 2, 4).
 */
export function countTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / 4;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(1, rough)));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const end = Math.ceil(top / step) * step;
  return Array.from({ length: end / step + 1 }, (_, i) => i * step);
}
