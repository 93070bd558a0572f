/**
 * A small ZPL II builder: one label is one `^XA ... ^XZ` format. Field data never carries `^`,
 * `~` or `\` (they start commands), so a name cannot end the label or send a printer command.
 */
export const zplText = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\^~\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

type Align = 'L' | 'C' | 'R';

export class ZplLabel {
  private readonly lines: string[];

  /** A label `width` x `length` dots (812 x 1218 is 4x6 in at 203 dpi), UTF-8 text. */
  constructor(width = 812, length = 1218) {
    this.lines = ['^XA', '^CI28', `^PW${width}`, `^LL${length}`, '^LH0,0'];
  }

  /** Text in font 0 at `size` dots; with `block` it wraps (or is cut) within that width and lines. */
  text(x: number, y: number, size: number, text: string, block?: { width: number; lines?: number; spacing?: number; align?: Align }) {
    const fb = block ? `^FB${block.width},${block.lines ?? 1},${block.spacing ?? 0},${block.align ?? 'L'}` : '';
    this.lines.push(`^FO${x},${y}^A0N,${size},${size}${fb}^FD${zplText(text)}^FS`);
    return this;
  }

  /** White text on a black bar `width` wide: what a clerk sees from across the room (HOLD). */
  banner(x: number, y: number, width: number, height: number, text: string) {
    this.lines.push(`^FO${x},${y}^GB${width},${height},${height}^FS`);
    const size = Math.floor(height * 0.8);
    this.lines.push(`^FO${x},${y + Math.floor((height - size) / 2)}^A0N,${size},${size}^FB${width},1,0,C^FR^FD${zplText(text)}^FS`);
    return this;
  }

  /** The printer's own Code 128 (^BC), `height` dots tall, no human-readable line (the caller prints it bigger). */
  code128(x: number, y: number, height: number, data: string, moduleWidth = 3) {
    this.lines.push(`^FO${x},${y}^BY${moduleWidth},3,${height}^BCN,${height},N,N,N^FD${zplText(data)}^FS`);
    return this;
  }

  /** A horizontal rule or a box outline. */
  box(x: number, y: number, width: number, height: number, thickness = 3) {
    this.lines.push(`^FO${x},${y}^GB${width},${height},${thickness}^FS`);
    return this;
  }

  /** A field already written in ZPL (a ^GF graphic). */
  raw(field: string) {
    this.lines.push(field);
    return this;
  }

  build(): string {
    return `${[...this.lines, '^XZ'].join('\n')}\n`;
  }
}
