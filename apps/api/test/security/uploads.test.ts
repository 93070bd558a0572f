import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NASTY_STRINGS } from './arbitraries';
import { deliveryRequests } from '../../src/db/schema/delivery-requests';
import { insuranceClaims } from '../../src/db/schema/insurance-claims';
import { packages } from '../../src/db/schema/packages';
import { preAlerts } from '../../src/db/schema/pre-alerts';
import { SAMPLE_PDF, SAMPLE_PNG, multipart } from '../multipart';
import { POLICY } from './policy';
import { type ApiRoute, apiRoutes, openApiOf } from './routes';
import { type SecurityWorld, buildSecurityWorld } from './world';

/**
 * Every multipart upload route, fed files that lie about what they are. The rule (lib/uploads.ts,
 * lib/file-types.ts): a file is what its first bytes say, whatever its name or declared type.
 * - A file whose bytes are no accepted type (text, zip, exe, HTML named .pdf/.png): 415.
 * - A polyglot that really starts as an accepted type (%PDF-... then HTML and script; a PNG
 *   header then a script) is that type: it may be stored, but it is only ever served as that
 *   type, with nosniff and a sandboxing CSP, never as HTML, and never under the uploaded name.
 * - Empty: 400. Over the route's limit (10 MB for documents and images): 413. Never a 5xx.
 */
const MB = 1024 * 1024;
const TEXT = Buffer.from('Just a note, not a document.\n');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 1), Buffer.from('payload.txt')]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from('This program cannot be run in DOS mode.')]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const SCRIPT = '<html><body><script>fetch("/api/auth/profile").then(r=>r.text()).then(alert)</script></body></html>';
const PDF_POLYGLOT = Buffer.concat([Buffer.from(`%PDF-1.4\n${SCRIPT}\n`), SAMPLE_PDF]);
const PNG_POLYGLOT = Buffer.concat([SAMPLE_PNG, Buffer.from(SCRIPT)]);

type Who = 'courier_admin' | 'customer';
interface UploadCase {
  key: string;
  who: Who;
  url: () => string | Promise<string>;
  field: string;
  fields?: () => Record<string, string> | Promise<Record<string, string>>;
  maxBytes: number;
  /** The polyglot this route accepts (it takes that type), or none when the route reads no such type. */
  polyglot?: Buffer;
  /** Where the stored file is served again, from the upload's answer. */
  download?: (res: LightMyRequestResponse) => Promise<{ url: string; who: Who }>;
}

let w: SecurityWorld;
let routes: ApiRoute[];
let ticketId = 0;
let manifestId = 0;
let deliveryId = 0;
let claimId = 0;

beforeAll(async () => {
  w = await buildSecurityWorld();
  routes = apiRoutes(w.t.app);
  const ticket = await w.t.api({
    method: 'POST',
    url: '/tickets',
    headers: w.headers('customer'),
    payload: { subject: 'Upload test', department: 'Packages', message: 'Hello' },
  });
  expect(ticket.statusCode).toBe(201);
  ticketId = ticket.json().id;
  const manifest = await w.t.api({ method: 'POST', url: '/manifests', headers: w.headers('courier_admin'), payload: { type: 'AIR' } });
  expect(manifest.statusCode).toBe(201);
  manifestId = manifest.json().id;
  // A delivery out with the driver takes the handover photo.
  const [delivery] = await w.t.db
    .insert(deliveryRequests)
    .values({
      courierId: w.courierA,
      customerId: w.people.customer,
      address: '9 Hope Road',
      preferredDate: '2030-01-01',
      phone: '(876) 555-0100',
      status: 'out_for_delivery',
    })
    .returning({ id: deliveryRequests.id });
  deliveryId = delivery?.id ?? 0;
  // An open insurance claim takes photos of the damage.
  const [owned] = await w.t.db
    .select({ id: packages.id, customerId: packages.customerId })
    .from(packages)
    .where(and(eq(packages.courierId, w.courierA), isNotNull(packages.customerId)))
    .limit(1);
  if (!owned?.customerId) throw new Error('no customer parcel in courier A');
  const [claim] = await w.t.db
    .insert(insuranceClaims)
    .values({
      courierId: w.courierA,
      claimNo: 'CLM-800001',
      packageId: owned.id,
      customerId: owned.customerId,
      reason: 'damaged',
      description: 'Upload test',
      insuredValueUsdCents: 100,
    })
    .returning({ id: insuranceClaims.id });
  claimId = claim?.id ?? 0;
});
afterAll(async () => w?.t.close());

/** The first `/api/...` path in an upload's JSON answer (logo_url, rate_sheet_url, an attachment's url). */
function apiPathIn(res: LightMyRequestResponse): string {
  const match = /"(\/api\/[^"]+)"/.exec(res.body);
  if (!match?.[1]) throw new Error(`no /api/ path in ${res.body.slice(0, 300)}`);
  return match[1];
}

async function pendingPreAlertId(): Promise<number> {
  const [row] = await w.t.db
    .select({ id: preAlerts.id })
    .from(preAlerts)
    .where(and(eq(preAlerts.courierId, w.courierA), eq(preAlerts.status, 'pending')));
  if (!row) throw new Error('no pending pre-alert in courier A');
  return row.id;
}

const CASES: UploadCase[] = [
  {
    key: 'POST /api/tickets',
    who: 'customer',
    url: () => '/api/tickets',
    field: 'attachments',
    fields: () => ({ subject: 'Invoice attached', department: 'Billing', message: 'See the file' }),
    maxBytes: 10 * MB,
    polyglot: PDF_POLYGLOT,
    download: async (res) => ({ url: apiPathIn(res), who: 'customer' }),
  },
  {
    key: 'POST /api/tickets/:id/messages',
    who: 'customer',
    url: () => `/api/tickets/${ticketId}/messages`,
    field: 'attachments',
    fields: () => ({ message: 'Another file' }),
    maxBytes: 10 * MB,
    polyglot: PNG_POLYGLOT,
    download: async (res) => ({ url: apiPathIn(res), who: 'customer' }),
  },
  {
    key: 'POST /api/couriers/:id/logo',
    who: 'courier_admin',
    url: () => `/api/couriers/${w.courierA}/logo`,
    field: 'logo',
    maxBytes: 5 * MB,
    polyglot: PNG_POLYGLOT,
    download: async (res) => ({ url: apiPathIn(res), who: 'courier_admin' }),
  },
  {
    key: 'POST /api/rate-sheet',
    who: 'courier_admin',
    url: () => '/api/rate-sheet',
    field: 'rate_sheet',
    fields: () => ({ courier_id: String(w.courierA) }),
    maxBytes: 10 * MB,
    polyglot: PDF_POLYGLOT,
    download: async (res) => ({ url: apiPathIn(res), who: 'courier_admin' }),
  },
  {
    key: 'POST /api/customer/unknown-claims',
    who: 'customer',
    url: () => '/api/customer/unknown-claims',
    field: 'proof',
    fields: async () => {
      const [unknown] = await w.t.db
        .select({ tracking: packages.trackingNumber })
        .from(packages)
        .where(and(eq(packages.courierId, w.courierA), eq(packages.status, 'unknown')));
      return { trackingNumber: unknown?.tracking ?? '' };
    },
    maxBytes: 10 * MB,
    polyglot: PDF_POLYGLOT,
    download: async (res) => ({ url: `/api/unknown-claims/${res.json().id}/proof`, who: 'courier_admin' }),
  },
  {
    key: 'POST /api/customer/pre-alerts/:id/invoice',
    who: 'customer',
    url: async () => `/api/customer/pre-alerts/${await pendingPreAlertId()}/invoice`,
    field: 'invoice',
    maxBytes: 10 * MB,
    polyglot: PDF_POLYGLOT,
    download: async (res) => ({ url: `/api/customer/pre-alerts/${res.json().id}/invoice`, who: 'customer' }),
  },
  {
    key: 'POST /api/delivery-requests/:id/photo',
    who: 'courier_admin',
    url: () => `/api/delivery-requests/${deliveryId}/photo`,
    field: 'photo',
    maxBytes: 8 * MB,
    polyglot: PNG_POLYGLOT,
    download: async () => ({ url: `/api/delivery-requests/${deliveryId}/proof/photo`, who: 'courier_admin' }),
  },
  // A package photo is re-encoded (a polyglot's tail does not survive): its own tests check that.
  {
    key: 'POST /api/packages/:id/photos',
    who: 'courier_admin',
    url: async () => {
      const [pkg] = await w.t.db
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.courierId, w.courierA), eq(packages.status, 'received')));
      return `/api/packages/${pkg?.id ?? 0}/photos`;
    },
    field: 'photo',
    maxBytes: 15 * MB,
  },
  // A claim photo is re-encoded like a package photo.
  {
    key: 'POST /api/insurance-claims/:id/photos',
    who: 'courier_admin',
    url: () => `/api/insurance-claims/${claimId}/photos`,
    field: 'photo',
    maxBytes: 15 * MB,
  },
  // Manifest imports, the customer import and the warehouse agent's file read their content (CSV text, an Excel
  // workbook); they serve nothing back.
  {
    key: 'POST /api/package-imports',
    who: 'courier_admin',
    url: () => '/api/package-imports',
    field: 'file',
    maxBytes: 10 * MB,
  },
  {
    key: 'POST /api/manifests/:id/import',
    who: 'courier_admin',
    url: () => `/api/manifests/${manifestId}/import`,
    field: 'file',
    maxBytes: 2 * MB,
  },
  {
    key: 'POST /api/manifests/:id/import.xlsx',
    who: 'courier_admin',
    url: () => `/api/manifests/${manifestId}/import.xlsx`,
    field: 'file',
    maxBytes: 2 * MB,
  },
  {
    key: 'POST /api/customers/import',
    who: 'courier_admin',
    url: () => '/api/customers/import',
    field: 'file',
    maxBytes: 10 * MB,
  },
];

async function upload(c: UploadCase, file: { name: string; type: string; data: Buffer }) {
  const fields = (await c.fields?.()) ?? {};
  const body = multipart(fields, { field: c.field, ...file });
  return w.t.api({ method: 'POST', path: await c.url(), headers: { ...w.headers(c.who), ...body.headers }, payload: body.payload });
}

function expectRefused(res: LightMyRequestResponse, status: number | number[], what: string) {
  const allowed = Array.isArray(status) ? status : [status];
  expect(allowed, `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  expect(typeof res.json().message, what).toBe('string');
}

describe('upload routes', () => {
  it('are exactly the multipart routes of the route table, each with a case here', () => {
    const doc = openApiOf(w.t.app) as unknown as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    const multipartRoutes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'] !== undefined)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{([A-Za-z]+)\}/g, ':$1')}`),
    );
    // Routes reading files without a declared body (consumes only) show up through the policy table.
    const declared = Object.entries(POLICY)
      .filter(([, p]) => p.upload)
      .map(([k]) => k);
    expect(
      multipartRoutes.every((k) => declared.includes(k)),
      `multipart routes ${multipartRoutes}`,
    ).toBe(true);
    expect(declared.every((k) => routes.some((r) => r.key === k))).toBe(true);
    expect(CASES.map((c) => c.key).sort()).toEqual([...declared].sort());
  });
});

describe.each(CASES)('$key', (c) => {
  it('refuses files whose bytes are not an accepted type, whatever the name says (415)', async () => {
    const liars = [
      { name: 'invoice.pdf', type: 'application/pdf', data: TEXT },
      { name: 'photo.png', type: 'image/png', data: ZIP },
      { name: 'report.pdf', type: 'application/pdf', data: EXE },
      { name: 'logo.png', type: 'image/png', data: HTML },
      { name: 'sheet.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: ZIP },
    ];
    // CSV has no magic bytes: any text is a (badly formed) CSV, refused for its content (400);
    // binary with NUL bytes is refused as not text (415).
    const isCsv = c.key.endsWith('/import') || c.key.endsWith('/package-imports');
    for (const liar of liars) {
      const res = await upload(c, liar);
      expectRefused(res, isCsv ? [400, 415] : 415, `${liar.name} holding ${liar.data.subarray(0, 8).toString('latin1')}`);
    }
  });

  it('refuses an empty file (400) and one over the limit (413)', async () => {
    // Empty is no file (400), or no accepted type (415: the ticket form, where files are optional).
    expectRefused(await upload(c, { name: 'empty.pdf', type: 'application/pdf', data: Buffer.alloc(0) }), [400, 415], 'empty');
    const big = Buffer.concat([SAMPLE_PDF, Buffer.alloc(c.maxBytes + 1 - SAMPLE_PDF.length, 0x20)]);
    expectRefused(await upload(c, { name: 'big.pdf', type: 'application/pdf', data: big }), 413, `${c.maxBytes + 1} bytes`);
    if (c.maxBytes < 10 * MB) {
      const huge = Buffer.concat([SAMPLE_PNG, Buffer.alloc(10 * MB + 1, 0x20)]);
      expectRefused(await upload(c, { name: 'huge.png', type: 'image/png', data: huge }), 413, 'over 10 MB');
    }
  });

  it('answers any text in the form fields with a 4xx or success, never a 5xx (fast-check, 20 runs)', async () => {
    const names = Object.keys((await c.fields?.()) ?? {});
    const fieldsArb = fc.record(
      Object.fromEntries(
        [...names, 'courier_id', 'note', 'extra'].map((n) => [
          n,
          fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 30 })),
        ]),
      ),
      { requiredKeys: [] },
    );
    const file = c.key.includes('logo') ? SAMPLE_PNG : SAMPLE_PDF;
    await fc.assert(
      fc.asyncProperty(fieldsArb, async (fields) => {
        const body = multipart(fields as Record<string, string>, { field: c.field, name: 'file.pdf', type: 'application/pdf', data: file });
        const res = await w.t.api({
          method: 'POST',
          path: await c.url(),
          headers: { ...w.headers(c.who), ...body.headers },
          payload: body.payload,
        });
        expect(res.statusCode, `${JSON.stringify(fields).slice(0, 200)} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
      }),
      { seed: 20_261_122, numRuns: 20 },
    );
  });

  it.runIf(c.polyglot)('stores a polyglot only as the type its bytes start with, and serves it inert', async () => {
    const data = c.polyglot ?? Buffer.alloc(0);
    const res = await upload(c, { name: 'evil.html', type: 'text/html', data });
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(300);
    expect(res.body).not.toContain('.html');
    const where = await c.download?.(res);
    if (!where) throw new Error('no download for the case');
    const served = await w.t.api({ method: 'GET', path: where.url, headers: w.headers(where.who) });
    expect(served.statusCode, where.url).toBe(200);
    const expected = data === PDF_POLYGLOT ? 'application/pdf' : 'image/png';
    expect(served.headers['content-type']).toBe(expected);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toMatch(/sandbox/);
    // A saved copy must open as what it is: the download name (if any) carries the detected type's extension.
    const disposition = String(served.headers['content-disposition'] ?? '');
    expect(disposition).not.toContain('.html');
    if (disposition.includes('filename=')) expect(disposition).toMatch(expected === 'application/pdf' ? /\.pdf"$/ : /\.png"$/);
    if (expected === 'application/pdf') expect(disposition).toMatch(/^attachment/);
    expect(served.rawPayload.equals(data)).toBe(true);
  });
});
