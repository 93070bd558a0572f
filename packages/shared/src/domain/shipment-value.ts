/**
 * A shipment's declared value is declared once, on its first box; its other boxes declare nothing
 * more (0), so customs counts the value once and a dutiable shipment is not split under the
 * duty-free threshold box by box (docs/decisions/049). An unknown value stays unknown on every box.
 */
export function boxDeclaredValues(shipmentValueUsdCents: number | null, boxes: number): Array<number | null> {
  return Array.from({ length: boxes }, (_, i) => (i === 0 || shipmentValueUsdCents === null ? shipmentValueUsdCents : 0));
}

/**
 * The value a box received alone declares (the scan station): the value asked, unless a box of the
 * shipment already in declares one, which then stands for the whole shipment.
 */
export function nextBoxDeclaredValue(boxesIn: Array<{ declaredValueUsdCents: number | null }>, asked: number | null): number | null {
  return boxesIn.some((b) => b.declaredValueUsdCents !== null) ? 0 : asked;
}
