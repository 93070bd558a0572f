import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';

/**
 * A camera frame showing one of our labels' barcodes, as the Y4M file Chromium's fake camera
 * plays (`--use-file-for-fake-video-capture`): the Code 128 from bwip-js, black bars on white,
 * 3 pixels a module, in a 640x480 I420 picture.
 */
export function writeLabelY4m(file: string, text: string) {
  const width = 640;
  const height = 480;
  const y = new Uint8Array(width * height).fill(235);
  const svg = bwipjs.toSVG({ bcid: 'code128', text, height: 10, includetext: false });
  const box = /viewBox="0 0 ([\d.]+) /.exec(svg);
  const unitsWide = Number(box?.[1] ?? 0);
  const scale = 1.5; // bwip-js draws a module as 2 units: 3 pixels each
  const left = Math.round((width - unitsWide * scale) / 2);
  for (const path of svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    const half = Number(path[1]) / 2;
    for (const bar of (path[2] ?? '').matchAll(/M([\d.]+) /g)) {
      const x0 = left + Math.round((Number(bar[1]) - half) * scale);
      const x1 = left + Math.round((Number(bar[1]) + half) * scale);
      for (let row = 140; row < 340; row++) y.fill(16, row * width + x0, row * width + x1);
    }
  }
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
}
