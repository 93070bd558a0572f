/**
 * A weight in pounds as screens, labels and documents show it: two decimals, "12.50" (the caller
 * names the unit, or the column does). Takes the number or the database's numeric text.
 */
export function formatWeight(lb: number | string): string {
  return Number(lb).toFixed(2);
}
