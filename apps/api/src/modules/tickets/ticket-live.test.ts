import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createRuntime } from '../../context';
import { users } from '../../db/schema/users';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, bearer, buildTestApp } from '../../../test/helper';
import { MAX_STREAMS_PER_PERSON, mayHear } from './ticket-live.service';

type Person = { id: number; token: string };
type Heard = { event: string; data: { kind?: string; ticketId?: number; messageId?: number; by?: { kind: string; name: string } } };

/** A signed-in person's stream, read as it arrives. */
class Stream {
  readonly heard: Heard[] = [];
  private readonly controller = new AbortController();
  status = 0;
  ended = false;

  static async open(origin: string, token: string): Promise<Stream> {
    const s = new Stream();
    const response = await fetch(`${origin}/api/tickets/live`, {
      headers: { ...bearer(token), accept: 'text/event-stream' },
      signal: s.controller.signal,
    });
    s.status = response.status;
    if (!response.ok || !response.body) {
      await response.text();
      return s;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event) s.heard.push({ event, data: data ? JSON.parse(data) : {} });
            cut = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
      s.ended = true;
    })();
    await s.until((h) => h.event === 'ready');
    return s;
  }

  async until(match: (h: Heard) => boolean, ms = 5_000): Promise<Heard> {
    const start = Date.now();
    for (;;) {
      const found = this.heard.find(match);
      if (found) return found;
      if (Date.now() - start > ms) throw new Error(`not heard within ${ms} ms: ${JSON.stringify(this.heard)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  tickets(): Heard['data'][] {
    return this.heard.filter((h) => h.event === 'ticket').map((h) => h.data);
  }

  close() {
    this.controller.abort();
  }
}

let t: TestApp;
let origin: string;
let replica: { app: FastifyInstance; close(): Promise<void>; origin: string };
let courierA: number;
let alice: Person;
let bob: Person;
let carol: Person;
let staffA: Person;
let staffNoTickets: Person;
let adminB: Person;
const streams: Stream[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function open(who: Person, at = origin) {
  const s = await Stream.open(at, who.token);
  streams.push(s);
  return s;
}

async function openTicket(who: Person) {
  const res = await t.api('POST', '/tickets', who.token, {
    subject: 'Where is my parcel?',
    department: 'Packages',
    message: 'It left Miami on Monday.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const reply = (who: Person, id: number, message: string) => t.api('POST', `/tickets/${id}/messages`, who.token, { message });

beforeAll(async () => {
  t = await buildTestApp();
  origin = await listen(t.app);
  // A second replica on the same database: a person connected to it hears what the first one does.
  const runtime = await createRuntime(t.config, { poolSize: 2 }, false);
  const app = await buildApp(runtime.ctx, { logger: false });
  replica = {
    app,
    origin: await listen(app),
    close: async () => {
      await app.close();
      await runtime.database.close();
    },
  };
  courierA = (await makeCourier(t, 'LVA')).id;
  const courierB = (await makeCourier(t, 'LVB')).id;
  alice = await makeCustomer(t, courierA);
  bob = await makeCustomer(t, courierA);
  carol = await makeCustomer(t, courierB);
  staffA = await makeUser(t, courierA, 'staff', ['tickets_view', 'tickets_edit']);
  await t.db.update(users).set({ firstName: 'Ana' }).where(eq(users.id, staffA.id));
  staffNoTickets = await makeUser(t, courierA, 'staff', ['packages_view']);
  adminB = await makeUser(t, courierB, 'courier_admin');
});
afterAll(async () => {
  for (const s of streams) s.close();
  replica?.app.server.closeAllConnections();
  await replica?.close();
  // This file's fetch client keeps idle sockets of its own; the servers do not wait for them.
  t?.app.server.closeAllConnections();
  await t?.close();
});

describe('the live ticket stream', () => {
  it("carries a staff reply to the customer's stream, on another replica too, and never to another courier or customer", async () => {
    const ticket = await openTicket(alice);
    const aliceHere = await open(alice);
    const aliceThere = await open(alice, replica.origin);
    const bobStream = await open(bob);
    const carolStream = await open(carol);
    const adminBStream = await open(adminB);

    const res = await reply(staffA, ticket.id, 'It is on the Thursday flight.');
    expect(res.statusCode, res.body).toBe(201);
    const messageId = (res.json() as { messages: Array<{ id: number }> }).messages.at(-1)?.id;
    for (const s of [aliceHere, aliceThere]) {
      const heard = await s.until((h) => h.event === 'ticket' && h.data.kind === 'message' && h.data.ticketId === ticket.id);
      expect(heard.data.messageId).toBe(messageId);
      expect(heard.data.by?.kind).toBe('staff');
    }

    // Carol (courier B) and its admin then open a ticket of their own: they hear that, and only that.
    const own = await openTicket(carol);
    await carolStream.until((h) => h.event === 'ticket' && h.data.ticketId === own.id);
    await adminBStream.until((h) => h.event === 'ticket' && h.data.ticketId === own.id);
    expect(carolStream.tickets().map((d) => d.ticketId)).toEqual([own.id]);
    expect(adminBStream.tickets().map((d) => d.ticketId)).toEqual([own.id]);
    // Alice never hears courier B's ticket; Bob (same courier, another customer) hears neither.
    await new Promise((r) => setTimeout(r, 200));
    expect(aliceHere.tickets().some((d) => d.ticketId === own.id)).toBe(false);
    expect(bobStream.tickets()).toEqual([]);
  });

  it('says who is typing to the other side, and "Seen" once the customer opens the ticket', async () => {
    const ticket = await openTicket(alice);
    const aliceStream = await open(alice);
    const staffStream = await open(staffA);
    const typing = await t.api('POST', `/tickets/${ticket.id}/typing`, staffA.token);
    expect(typing.statusCode, typing.body).toBe(204);
    const heard = await aliceStream.until((h) => h.data.kind === 'typing' && h.data.ticketId === ticket.id);
    expect(heard.data.by).toEqual({ kind: 'staff', name: 'Ana' });

    const answered = await reply(staffA, ticket.id, 'Found it.');
    const answerId = (answered.json() as { messages: Array<{ id: number }> }).messages.at(-1)?.id;
    const before = await t.api('GET', `/tickets/${ticket.id}`, staffA.token);
    expect(before.json().seenUpTo).not.toBe(answerId);

    const read = await t.api('GET', `/tickets/${ticket.id}`, alice.token);
    expect(read.statusCode).toBe(200);
    const seen = await staffStream.until((h) => h.data.kind === 'read' && h.data.ticketId === ticket.id);
    expect(seen.data.messageId).toBe(answerId);
    const after = await t.api('GET', `/tickets/${ticket.id}`, staffA.token);
    expect(after.json().seenUpTo).toBe(answerId);
    // Nobody is told of their own typing or reading.
    expect(staffStream.heard.some((h) => h.data.kind === 'typing' && h.data.by?.kind === 'staff')).toBe(false);
  });

  it('refuses without a session, without tickets_view, and typing on a ticket the caller cannot see', async () => {
    const asks = { accept: 'text/event-stream' };
    const anonymous = await fetch(`${origin}/api/tickets/live`, { headers: asks });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBeTruthy();
    const refused = await fetch(`${origin}/api/tickets/live`, { headers: { ...bearer(staffNoTickets.token), ...asks } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBeTruthy();
    const ticket = await openTicket(alice);
    const other = await t.api('POST', `/tickets/${ticket.id}/typing`, adminB.token);
    expect(other.statusCode).toBe(404);
    const notHers = await t.api('POST', `/tickets/${ticket.id}/typing`, bob.token);
    expect(notHers.statusCode).toBe(404);
    // A plain JSON call is answered at once, in words, instead of hanging on a stream.
    const plain = await t.api('GET', '/tickets/live', alice.token);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toMatch(/text\/event-stream/);
    const bad = await t.api('POST', '/tickets/abc/typing', alice.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });

  it('keeps a few streams per person and refuses one more, in words (that tab polls)', async () => {
    const carolsOwn = await makeCustomer(t, courierA);
    const opened: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_PERSON; i++) opened.push(await open(carolsOwn));
    expect(opened.every((s) => s.status === 200)).toBe(true);
    const refused = await fetch(`${origin}/api/tickets/live`, { headers: { ...bearer(carolsOwn.token), accept: 'text/event-stream' } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/too many tabs/);
    // A tab that closes makes room again.
    opened[0]?.close();
    const start = Date.now();
    let again = await Stream.open(origin, carolsOwn.token).catch(() => null);
    while (again?.status !== 200 && Date.now() - start < 5_000) {
      await new Promise((r) => setTimeout(r, 50));
      again = await Stream.open(origin, carolsOwn.token).catch(() => null);
    }
    expect(again?.status).toBe(200);
    if (again) streams.push(again);
    expect(opened.slice(1).every((s) => !s.ended)).toBe(true);
  });
});

describe('who may hear an event', () => {
  const event = {
    courierId: 1,
    topic: 'ticket' as const,
    kind: 'message' as const,
    ticketId: 9,
    customerId: 5,
    by: { kind: 'staff' as const, id: 2, name: 'Ana' },
  };
  const person = (over: Partial<Parameters<typeof mayHear>[0]>) =>
    ({ id: 5, kind: 'customer', role: 'customer', courierId: 1, branchId: null, permissions: [], jti: 'j', exp: 0, ...over }) as Parameters<
      typeof mayHear
    >[0];

  it.each([
    ['the ticket’s customer', person({}), true],
    ['another customer of the courier', person({ id: 6 }), false],
    ['a customer of another courier with the same id', person({ courierId: 2 }), false],
    ['staff of the courier', person({ id: 3, kind: 'user', role: 'staff' }), true],
    ['staff of another courier', person({ id: 3, kind: 'user', role: 'staff', courierId: 2 }), false],
    ['the super admin', person({ id: 1, kind: 'user', role: 'super_admin', courierId: null }), true],
  ])('%s: %s', (_who, user, expected) => {
    expect(mayHear(user, event)).toBe(expected);
  });

  it('never tells the writer of their own typing', () => {
    expect(mayHear(person({ id: 2, kind: 'user', role: 'staff' }), { ...event, kind: 'typing' })).toBe(false);
    expect(mayHear(person({ id: 3, kind: 'user', role: 'staff' }), { ...event, kind: 'typing' })).toBe(true);
  });
});
