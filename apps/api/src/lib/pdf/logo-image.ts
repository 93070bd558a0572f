import { detectFileType } from '../file-types';

/**
 * The one place that knows the image formats of a courier's logo when it is printed. Logos are
 * uploaded as JPG, PNG or GIF. pdfkit draws PNG and JPEG but not GIF, so a GIF's first
 * frame is re-encoded as PNG (transparency kept); a Zebra printer takes a 1-bit `^GFA` graphic.
 * The decoders are pure JavaScript and load on the first logo printed, not at the server's start.
 */

/** Decoded pixels: 4 bytes (red, green, blue, alpha) a pixel, row after row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A 1-bit picture for a label printer: rows of `bytesPerRow` bytes, the high bit first, 1 = black. */
export interface MonochromeImage {
  width: number;
  height: number;
  bytesPerRow: number;
  bits: Uint8Array;
}

/** A logo as a ZPL graphic field, with the dots it covers. */
export interface ZplGraphic {
  width: number;
  height: number;
  /** `^GFA,<bytes>,<bytes>,<bytes per row>,<hex>`: to put after a `^FO` and before `^FS`. */
  field: string;
}

/**
 * The most pixels decoded (4096 x 4096, 64 MiB of RGBA). A 5 MB upload may claim 65535 x 65535
 * pixels in its header (16 GiB once decoded); such a logo is left off instead.
 */
export const MAX_LOGO_PIXELS = 4096 * 4096;

/** The box of the logo in the ZPL label's header, in dots at 203 dpi (about 20 x 10 mm). */
export const ZPL_LOGO_BOX = { width: 160, height: 80 } as const;

const tooLarge = (width: number, height: number) => width < 1 || height < 1 || width * height > MAX_LOGO_PIXELS;

async function decodePng(data: Buffer): Promise<RgbaImage | null> {
  // IHDR is always the first chunk: the width and height are bytes 16 to 23, big-endian.
  if (data.length < 24 || tooLarge(data.readUInt32BE(16), data.readUInt32BE(20))) return null;
  const { PNG } = await import('pngjs');
  const png = PNG.sync.read(data);
  return { width: png.width, height: png.height, data: png.data };
}

async function decodeJpeg(data: Buffer): Promise<RgbaImage | null> {
  const jpeg = await import('jpeg-js');
  const image = jpeg.decode(data, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_LOGO_PIXELS / 1e6 });
  return { width: image.width, height: image.height, data: image.data };
}

/** The first frame on the GIF's whole screen; pixels outside the frame and transparent ones stay transparent. */
async function decodeGif(data: Buffer): Promise<RgbaImage | null> {
  const { GifReader } = await import('omggif');
  const gif = new GifReader(data);
  if (tooLarge(gif.width, gif.height) || gif.numFrames() < 1) return null;
  const frame = gif.frameInfo(0);
  // omggif writes the frame's rows at its offset on the screen: one that overhangs would wrap.
  if (frame.x + frame.width > gif.width || frame.y + frame.height > gif.height) return null;
  const pixels = new Uint8Array(gif.width * gif.height * 4);
  gif.decodeAndBlitFrameRGBA(0, pixels);
  return { width: gif.width, height: gif.height, data: pixels };
}

/** The logo's pixels, whichever allowed format it is in; null for anything else, a broken file or too many pixels. */
export async function decodeLogo(data: Buffer): Promise<RgbaImage | null> {
  try {
    switch (detectFileType(data)) {
      case 'png':
        return await decodePng(data);
      case 'jpg':
        return await decodeJpeg(data);
      case 'gif':
        return await decodeGif(data);
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** RGBA pixels as a PNG file (colour type 6, so the alpha channel, and with it transparency, is kept). */
export async function encodePng(image: RgbaImage): Promise<Buffer> {
  const { PNG } = await import('pngjs');
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png, { colorType: 6 });
}

/**
 * The logo as pdfkit can draw it: PNG and JPEG as uploaded, a GIF's first frame as PNG. Null for
 * any other file or a GIF that cannot be read (the document then prints without the logo).
 */
export async function pdfLogo(data: Buffer): Promise<Buffer | null> {
  const type = detectFileType(data);
  if (type === 'png' || type === 'jpg') return data;
  if (type !== 'gif') return null;
  const image = await decodeLogo(data);
  return image ? encodePng(image) : null;
}

/** The largest size with the image's proportions that fits the box (a small logo grows to fill it, as on the PDFs). */
export function fitInto(width: number, height: number, box: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(box.width / width, box.height / height);
  return {
    width: Math.min(box.width, Math.max(1, Math.round(width * scale))),
    height: Math.min(box.height, Math.max(1, Math.round(height * scale))),
  };
}

/**
 * The image scaled to `width` x `height` and made 1-bit: each dot takes the mean of the source
 * pixels it covers (the nearest one when enlarging), laid on white paper through their alpha, and
 * is black when that luminance is under half. Transparent pixels so print white.
 */
export function toMonochrome(image: RgbaImage, width: number, height: number): MonochromeImage {
  const bytesPerRow = Math.ceil(width / 8);
  const bits = new Uint8Array(bytesPerRow * height);
  const src = image.data;
  const span = (i: number, from: number, to: number) => {
    const start = Math.floor((i * from) / to);
    return [start, Math.max(start + 1, Math.floor(((i + 1) * from) / to))] as const;
  };
  for (let y = 0; y < height; y++) {
    const [y0, y1] = span(y, image.height, height);
    for (let x = 0; x < width; x++) {
      const [x0, x1] = span(x, image.width, width);
      let sum = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const p = (sy * image.width + sx) * 4;
          const alpha = (src[p + 3] ?? 0) / 255;
          const luminance = 0.299 * (src[p] ?? 0) + 0.587 * (src[p + 1] ?? 0) + 0.114 * (src[p + 2] ?? 0);
          sum += luminance * alpha + 255 * (1 - alpha);
        }
      }
      if (sum / ((y1 - y0) * (x1 - x0)) < 128) {
        const at = y * bytesPerRow + (x >> 3);
        bits[at] = (bits[at] ?? 0) | (0x80 >> (x & 7));
      }
    }
  }
  return { width, height, bytesPerRow, bits };
}

/** A 1-bit image as a ZPL II graphic field in ASCII hex (uncompressed: the byte count twice). */
export function graphicField(mono: MonochromeImage): string {
  const total = mono.bits.length;
  return `^GFA,${total},${total},${mono.bytesPerRow},${Buffer.from(mono.bits).toString('hex').toUpperCase()}`;
}

/** The logo as a ZPL graphic that fits `box` with its proportions kept; null when it cannot be read. */
export async function zplLogo(data: Buffer, box: { width: number; height: number } = ZPL_LOGO_BOX): Promise<ZplGraphic | null> {
  const image = await decodeLogo(data);
  if (!image) return null;
  const size = fitInto(image.width, image.height, box);
  return { ...size, field: graphicField(toMonochrome(image, size.width, size.height)) };
}
