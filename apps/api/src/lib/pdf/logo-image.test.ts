import { GifWriter } from 'omggif';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeLogo, fitInto, graphicField, pdfLogo, toMonochrome, zplLogo } from './logo-image';

/**
 * A 16 x 2 pattern: the top row 8 black then 8 white dots, the bottom row the other way round.
 * As 1-bit rows of 2 bytes that is FF00 then 00FF.
 */
const W = 16;
const H = 2;
const isBlack = (x: number, y: number) => x < 8 === (y === 0);
const EXACT = '^GFA,4,4,2,FF0000FF';

function patternPng(): Buffer {
  const png = new PNG({ width: W, height: H });
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) png.data.set(isBlack(x, y) ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * W + x) * 4);
  return PNG.sync.write(png);
}

/**
 * The same pattern as a GIF whose "white" dots are transparent, and its transparent colour black:
 * a converter that ignored transparency would print every dot black.
 */
function patternGif(): Buffer {
  const buf = Buffer.alloc(1024);
  const writer = new GifWriter(buf, W, H, { palette: [0x000000, 0x000000] });
  const indices: number[] = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) indices.push(isBlack(x, y) ? 0 : 1);
  writer.addFrame(0, 0, W, H, indices, { transparent: 1 });
  return buf.subarray(0, writer.end());
}

function patternJpeg(): Buffer {
  const data = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data.set(isBlack(x, y) ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * W + x) * 4);
  return jpeg.encode({ width: W, height: H, data }, 100).data;
}

describe('the logo as a ZPL graphic field', () => {
  it('is the exact 1-bit pattern of a PNG, a GIF (transparent dots white) and a JPEG at full size', async () => {
    for (const [kind, file] of [
      ['png', patternPng()],
      ['gif', patternGif()],
      ['jpeg', patternJpeg()],
    ] as const) {
      const logo = await zplLogo(file, { width: W, height: H });
      expect(logo, kind).toEqual({ width: W, height: H, field: EXACT });
    }
  });

  it('grows to fit the 160 x 80 dot box with its proportions kept: 160 x 20, 20 bytes a row', async () => {
    const logo = await zplLogo(patternGif());
    expect(logo).toMatchObject({ width: 160, height: 20 });
    const [, total, again, perRow, hex] = logo?.field.split(',') ?? [];
    expect([total, again, perRow]).toEqual(['400', '400', '20']);
    expect(hex).toHaveLength(800);
    // Each source dot is a 10 x 10 block: 80 black dots then 80 white, and the other way round.
    const top = 'FF'.repeat(10) + '00'.repeat(10);
    const bottom = '00'.repeat(10) + 'FF'.repeat(10);
    expect(hex).toBe(top.repeat(10) + bottom.repeat(10));
  });

  it('shrinks a large logo by averaging the pixels each dot covers', () => {
    // 40 x 4: left half black, right half white; into 10 x 1 that is 5 black dots then 5 white.
    const width = 40;
    const height = 4;
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) data.set(x < 20 ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * width + x) * 4);
    const size = fitInto(width, height, { width: 10, height: 10 });
    expect(size).toEqual({ width: 10, height: 1 });
    const mono = toMonochrome({ width, height, data }, size.width, size.height);
    expect(graphicField(mono)).toBe('^GFA,2,2,2,F800');
  });

  it('pads each row to whole bytes with white', () => {
    const data = new Uint8Array(3 * 1 * 4);
    data.set([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]);
    expect(graphicField(toMonochrome({ width: 3, height: 1, data }, 3, 1))).toBe('^GFA,1,1,1,E0');
  });

  it('is null for a file that is not an image, a broken image, or one that claims too many pixels', async () => {
    expect(await zplLogo(Buffer.from('%PDF-1.4 not a logo'))).toBeNull();
    expect(await zplLogo(patternPng().subarray(0, 40))).toBeNull();
    // A valid GIF whose screen is 5000 x 4000 (20 million pixels, 80 MB decoded) around one dot.
    const buf = Buffer.alloc(1024);
    const writer = new GifWriter(buf, 5000, 4000, { palette: [0x000000, 0xffffff] });
    writer.addFrame(0, 0, 1, 1, [0]);
    const huge = await decodeLogo(buf.subarray(0, writer.end()));
    // Its size only: a failure message that printed 80 MB of pixels would exhaust the heap.
    expect(huge && `${huge.width} x ${huge.height}`).toBeNull();
  });
});

describe('the logo for pdfkit', () => {
  it('keeps PNG and JPEG as uploaded and turns a GIF into a PNG with its transparency', async () => {
    const png = patternPng();
    expect(await pdfLogo(png)).toBe(png);
    const jpg = patternJpeg();
    expect(await pdfLogo(jpg)).toBe(jpg);
    const fromGif = await pdfLogo(patternGif());
    expect(fromGif?.subarray(1, 4).toString()).toBe('PNG');
    const decoded = PNG.sync.read(fromGif as Buffer);
    expect([decoded.width, decoded.height]).toEqual([W, H]);
    // A black dot stays opaque black; a transparent dot stays transparent.
    expect([...decoded.data.subarray(0, 4)]).toEqual([0, 0, 0, 255]);
    expect(decoded.data[(0 * W + 8) * 4 + 3]).toBe(0);
    expect(await pdfLogo(Buffer.from('GIF89a broken'))).toBeNull();
  });
});
