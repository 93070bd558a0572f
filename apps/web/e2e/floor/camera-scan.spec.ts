import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from '../support/test';
import { writeLabelY4m } from './label-frame';
import { DEMO } from '../support/auth';
import { CHROMIUM } from '../support/browsers';

const STAFF = DEMO.staff;

/**
 * The camera button works where the browser has no BarcodeDetector. Headless
 * Chromium on Linux has none, so the ZXing polyfill (its WebAssembly served by us) reads a fake
 * camera that shows one of our labels; the scan is resolved to the package.
 */
test('the camera reads our label in Chromium without a native BarcodeDetector', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/auth/staff/login', { data: STAFF });
  const token = ((await login.json()) as { token: string }).token;
  const received = await request.post('/api/packages', {
    headers: { authorization: `Bearer ${token}` },
    data: { trackingNumber: `1ZCAM${Date.now().toString().slice(-13)}`, weightLb: 1.2 },
  });
  expect(received.ok(), await received.text()).toBe(true);
  const { packageNumber } = (await received.json()) as { packageNumber: string };

  const video = path.join(os.tmpdir(), `label-${packageNumber}-${process.pid}.y4m`);
  writeLabelY4m(video, packageNumber);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'] });
    const page = await context.newPage();
    await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
    const wasm: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('.wasm')) wasm.push(r.url());
    });
    await page.goto('/staff/scan');
    expect(await page.evaluate(() => 'BarcodeDetector' in globalThis)).toBe(false);
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(page.getByTestId('scan-result')).toContainText(`${packageNumber} already received`, { timeout: 30_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The WebAssembly came from our own server, not a CDN.
    expect(wasm.length).toBeGreaterThan(0);
    for (const url of wasm) expect(new URL(url).origin).toBe(new URL(baseURL ?? '').origin);
  } finally {
    await browser.close();
  }
});
