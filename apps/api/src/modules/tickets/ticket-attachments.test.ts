import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@courier/shared/schemas/tickets';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { SAMPLE_PDF, SAMPLE_PNG } from '../../../test/multipart';

let t: TestApp;
type Person = { id: number; token: string };
let alice: Person;
let bob: Person;
let carol: Person;
let adminA: Person;
let staffA: Person;
let staffNoTickets: Person;
let adminB: Person;
let superAdmin: Person;

beforeAll(async () => {
  t = await buildTestApp();
  const courierA = (await makeCourier(t, 'ATT')).id;
  const courierB = (await makeCourier(t, 'ATB')).id;
  alice = await makeCustomer(t, courierA);
  bob = await makeCustomer(t, courierA);
  carol = await makeCustomer(t, courierB);
  adminA = await makeUser(t, courierA, 'courier_admin');
  staffA = await makeUser(t, courierA, 'staff', ['tickets_view', 'tickets_edit']);
  staffNoTickets = await makeUser(t, courierA, 'staff', ['packages_view']);
  adminB = await makeUser(t, courierB, 'courier_admin');
  superAdmin = await makeUser(t, null, 'super_admin');
});
afterAll(async () => t?.close());

type FilePart = { name: string; type: string; data: Buffer; field?: string };
/** A multipart body with text fields and any number of files. */
function form(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----tickets${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'attachments'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const SAMPLE_JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const fields = { subject: 'Damaged box', department: 'Packages', message: 'Photos and the invoice attached.' };

type Attachment = { name: string; url: string; size: number; contentType: string };
type TicketBody = { id: number; messages: Array<{ attachments: Attachment[] }> };

describe('ticket attachments', () => {
  let ticket: TicketBody;

  it('a customer opens a ticket with a PDF, a JPG and a PNG; the thread lists them with their names', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/tickets',
      token: alice.token,
      ...form(fields, [
        { name: 'invoice.pdf', type: 'application/pdf', data: SAMPLE_PDF },
        { name: 'box.jpg', type: 'image/jpeg', data: SAMPLE_JPG },
        { name: '../../etc/label.png', type: 'image/png', data: SAMPLE_PNG },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    ticket = res.json();
    const files = ticket.messages[0]?.attachments ?? [];
    expect(files.map((f) => [f.name, f.contentType, f.size])).toEqual([
      ['invoice.pdf', 'application/pdf', SAMPLE_PDF.length],
      ['box.jpg', 'image/jpeg', SAMPLE_JPG.length],
      ['label.png', 'image/png', SAMPLE_PNG.length],
    ]);
    for (const f of files) expect(f.url).toMatch(new RegExp(`^/api/tickets/${ticket.id}/attachments/[a-f0-9]{32}\\.(pdf|jpg|png)$`));
  });

  it('serves the file to the ticket customer, the courier staff and the super admin, byte for byte', async () => {
    const pdf = ticket.messages[0]?.attachments[0];
    if (!pdf) throw new Error('no attachment');
    for (const who of [alice, adminA, staffA, superAdmin]) {
      const res = await t.api({ method: 'GET', path: pdf.url, token: who.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toContain('invoice.pdf');
      expect(Buffer.compare(res.rawPayload, SAMPLE_PDF)).toBe(0);
    }
  });

  it('hides it from another customer and another courier (404) and from staff without tickets_view (403)', async () => {
    const url = ticket.messages[0]?.attachments[0]?.url ?? '';
    expect((await t.api({ method: 'GET', path: url, token: bob.token })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', path: url, token: carol.token })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', path: url, token: adminB.token })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', path: url, token: staffNoTickets.token })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', path: url })).statusCode).toBe(401);
  });

  it('serves only files that belong to that ticket', async () => {
    const other = await t.api({
      method: 'POST',
      url: '/tickets',
      token: bob.token,
      ...form(fields, [{ name: 'a.png', type: 'image/png', data: SAMPLE_PNG }]),
    });
    expect(other.statusCode).toBe(201);
    const bobFile = (other.json() as TicketBody).messages[0]?.attachments[0]?.url ?? '';
    const fileName = bobFile.split('/').pop();
    // Alice's ticket id with Bob's file name: the file is not one of her ticket's.
    expect((await t.api('GET', `/tickets/${ticket.id}/attachments/${fileName}`, alice.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/tickets/${ticket.id}/attachments/${fileName}`, adminA.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/tickets/${ticket.id}/attachments/..%2F..%2Fsecret.pdf`, adminA.token)).statusCode).toBe(400);
  });

  it('staff replies carry attachments too, and a reply without files still works as a form', async () => {
    const res = await t.api({
      method: 'POST',
      url: `/tickets/${ticket.id}/messages`,
      token: staffA.token,
      ...form({ message: 'Here is the claim form.' }, [{ name: 'claim.pdf', type: 'application/pdf', data: SAMPLE_PDF }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const last = (res.json() as TicketBody).messages.at(-1);
    expect(last?.attachments.map((a) => a.name)).toEqual(['claim.pdf']);
    expect((await t.api({ method: 'GET', path: last?.attachments[0]?.url ?? '', token: alice.token })).statusCode).toBe(200);
    const plain = await t.api({
      method: 'POST',
      url: `/tickets/${ticket.id}/messages`,
      token: alice.token,
      ...form({ message: 'Thanks!' }),
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((plain.json() as TicketBody).messages.at(-1)?.attachments).toEqual([]);
  });

  it('refuses files by content, size and count with the messages, storing nothing', async () => {
    const folder = path.join(t.ctx.config.uploadsDir, 'ticket-attachments');
    const before = (await readdir(folder)).length;
    const fake = await t.api({
      method: 'POST',
      url: '/tickets',
      token: alice.token,
      ...form(fields, [{ name: 'photo.png', type: 'image/png', data: Buffer.from('MZ not an image') }]),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(TICKET_MESSAGES.attachmentType);
    const gif = await t.api({
      method: 'POST',
      url: '/tickets',
      token: alice.token,
      ...form(fields, [{ name: 'a.gif', type: 'image/gif', data: Buffer.from('GIF89a\x01\x00') }]),
    });
    expect(gif.statusCode).toBe(415);
    const big = await t.api({
      method: 'POST',
      url: '/tickets',
      token: alice.token,
      ...form(fields, [{ name: 'big.pdf', type: 'application/pdf', data: Buffer.concat([SAMPLE_PDF, Buffer.alloc(10 * 1024 * 1024)]) }]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(TICKET_MESSAGES.attachmentSize);
    const four = await t.api({
      method: 'POST',
      url: '/tickets',
      token: alice.token,
      ...form(
        fields,
        [1, 2, 3, 4].map((n) => ({ name: `${n}.png`, type: 'image/png', data: SAMPLE_PNG })),
      ),
    });
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe(TICKET_MESSAGES.attachmentCount);
    const noSubject = await t.api({
      method: 'POST',
      url: '/tickets',
      token: alice.token,
      ...form({ ...fields, subject: ' ' }, [{ name: 'a.png', type: 'image/png', data: SAMPLE_PNG }]),
    });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toBe(TICKET_MESSAGES.subjectRequired);
    const list = await t.api('GET', `/tickets/customer/${alice.id}`, alice.token);
    // Only the first, accepted ticket exists for Alice.
    expect((list.json() as { total: number }).total).toBe(1);
    // The refused forms left nothing on disk.
    expect(await readdir(folder)).toHaveLength(before);
  });
});
