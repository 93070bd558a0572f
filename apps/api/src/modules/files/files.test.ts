import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Storage } from '../../lib/storage';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { SAMPLE_PDF, SAMPLE_PNG } from '../../../test/multipart';

let t: TestApp;
let storage: Storage;

beforeAll(async () => {
  t = await buildTestApp();
  storage = new Storage(t.config);
});
afterAll(async () => t?.close());

const fetchFile = (url: string) => t.api({ method: 'GET', path: url });

describe('public files (logos, rate sheets)', () => {
  it('serves an image inline to anyone, typed by its bytes, never sniffed or scripted', async () => {
    const { url } = await storage.save('logos', SAMPLE_PNG, 'png');
    const res = await fetchFile(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(SAMPLE_PNG)).toBe(true);
  });

  it('sends anything that is not an image as a download named for its folder', async () => {
    const { url } = await storage.save('rate-sheets', SAMPLE_PDF, 'pdf');
    const res = await fetchFile(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="rate-sheet.pdf"');
  });

  it('answers 404 for bytes of no known type, a name it never made, and a path outside the folder', async () => {
    const { url } = await storage.save('logos', Buffer.from('<svg onload=alert(1)>'), 'png');
    const unknown = await fetchFile(url);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'File not found' });
    expect((await fetchFile(`/api/files/logos/${'0'.repeat(32)}.png`)).statusCode).toBe(404);
    expect((await fetchFile('/api/files/logos/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('serves only the public folders: private uploads are not reachable here', async () => {
    const { name } = await storage.save('pre-alert-invoices', SAMPLE_PDF, 'pdf');
    const res = await fetchFile(`/api/files/pre-alert-invoices/${name}`);
    expect(res.statusCode).toBe(400);
  });
});
