import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TICKET_MESSAGES } from '@courier/shared/schemas/tickets';
import { emailOutbox } from '../../db/schema/email';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';

let t: TestApp;
type Person = { id: number; token: string };
let courierA: number;
let courierB: number;
let adminA: Person;
let adminA2: Person;
let staffA: Person;
let staffNoTickets: Person;
let adminB: Person;
let superAdmin: Person;
let alice: Person;
let bob: Person;
let carol: Person;

beforeAll(async () => {
  t = await buildTestApp();
  courierA = (await makeCourier(t, 'AAA')).id;
  courierB = (await makeCourier(t, 'BBB')).id;
  adminA = await makeUser(t, courierA, 'courier_admin');
  adminA2 = await makeUser(t, courierA, 'courier_admin');
  staffA = await makeUser(t, courierA, 'staff', ['tickets_view', 'tickets_edit']);
  staffNoTickets = await makeUser(t, courierA, 'staff', ['packages_view']);
  adminB = await makeUser(t, courierB, 'courier_admin');
  superAdmin = await makeUser(t, null, 'super_admin');
  alice = await makeCustomer(t, courierA);
  bob = await makeCustomer(t, courierA);
  carol = await makeCustomer(t, courierB);
});
afterAll(async () => t?.close());

async function openTicket(who: Person, subject = 'Where is my package?') {
  const res = await t.api('POST', '/tickets', who.token, {
    subject,
    department: 'Packages',
    message: 'It was delivered to Miami last week.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; ticket_no: string; status: string };
}

const count = async (who: Person) => (await t.api('GET', '/api/tickets/unread/count', who.token)).json().unreadCount as number;

describe('creating tickets', () => {
  it('numbers tickets per courier as TKT-000001 and starts them Pending', async () => {
    const first = await openTicket(alice);
    const other = await openTicket(carol);
    expect(first.ticket_no).toBe('TKT-000001');
    expect(other.ticket_no).toBe('TKT-000001');
    expect(first.status).toBe('Pending');
    const second = await openTicket(bob);
    expect(second.ticket_no).toBe('TKT-000002');
  });

  it("validates with the ticket form's messages and refuses unknown fields", async () => {
    const res = await t.api('POST', '/tickets', alice.token, { subject: ' ', department: 'Packages', message: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.subject).toContain(TICKET_MESSAGES.subjectRequired);
    const extra = await t.api('POST', '/tickets', alice.token, { subject: 'a', department: 'Packages', message: 'x', status: 'Resolved' });
    expect(extra.statusCode).toBe(400);
  });

  it('only customers open tickets', async () => {
    const res = await t.api('POST', '/tickets', adminA.token, { subject: 'x', department: 'Packages', message: 'y' });
    expect(res.statusCode).toBe(403);
  });
});

describe('tenancy and ownership', () => {
  it('a customer cannot read another customer ticket (404), nor their list', async () => {
    const mine = await openTicket(alice, 'Alice only');
    expect((await t.api('GET', `/api/tickets/${mine.id}`, bob.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/api/tickets/${mine.id}`, alice.token)).statusCode).toBe(200);
    expect((await t.api('GET', `/api/tickets/customer/${alice.id}?page=1&limit=100`, bob.token)).statusCode).toBe(404);
    const reply = await t.api('POST', `/tickets/${mine.id}/messages`, bob.token, { message: 'hijack' });
    expect(reply.statusCode).toBe(404);
    const list = (await t.api('GET', '/api/tickets', bob.token)).json();
    expect(list.data.every((x: { customer: { id: number } }) => x.customer.id === bob.id)).toBe(true);
  });

  it('staff of one courier cannot see another courier tickets', async () => {
    const theirs = await openTicket(carol, 'Courier B ticket');
    expect((await t.api('GET', `/api/tickets/${theirs.id}`, adminA.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/api/tickets/${theirs.id}`, staffA.token)).statusCode).toBe(404);
    const status = await t.api('PATCH', `/tickets/${theirs.id}/status`, adminA.token, { status: 'Resolved' });
    expect(status.statusCode).toBe(404);
    expect((await t.api('GET', `/api/tickets/customer/${carol.id}?page=1&limit=100`, adminA.token)).statusCode).toBe(404);
    const list = (await t.api('GET', '/api/tickets?limit=100', adminA.token)).json();
    expect(list.data.length).toBeGreaterThan(0);
    // The customer page lists one customer's tickets; another courier's customer yields none.
    const forCustomer = (id: number) =>
      t.api('GET', `/api/tickets?limit=100&filters=${encodeURIComponent(JSON.stringify({ customerId: String(id) }))}`, adminA.token);
    const alices = (await forCustomer(alice.id)).json();
    expect(alices.total).toBeGreaterThan(0);
    expect(alices.data.every((x: { customer: { id: number } }) => x.customer.id === alice.id)).toBe(true);
    expect((await forCustomer(carol.id)).json().total).toBe(0);
    expect(list.data.every((x: { courier: { id: number } }) => x.courier.id === courierA)).toBe(true);
    const unread = (await t.api('GET', '/api/tickets/unread', adminA.token)).json();
    expect(unread.tickets.every((x: { courier: { id: number } }) => x.courier.id === courierA)).toBe(true);
    expect((await t.api('GET', `/api/tickets/${theirs.id}`, adminB.token)).statusCode).toBe(200);
  });

  it('the super admin sees tickets across couriers', async () => {
    const list = (await t.api('GET', '/api/tickets?limit=100', superAdmin.token)).json();
    const ids = new Set(list.data.map((x: { courier: { id: number } }) => x.courier.id));
    expect(ids.has(courierA)).toBe(true);
    expect(ids.has(courierB)).toBe(true);
    const onlyB = (await t.api('GET', `/api/tickets?limit=100&courierId=${courierB}`, superAdmin.token)).json();
    expect(onlyB.data.every((x: { courier: { id: number } }) => x.courier.id === courierB)).toBe(true);
  });

  it('staff need tickets_view for the unread calls; customers are refused them', async () => {
    expect((await t.api('GET', '/api/tickets/unread/count', staffNoTickets.token)).statusCode).toBe(403);
    expect((await t.api('GET', '/api/tickets/unread', alice.token)).statusCode).toBe(403);
    expect((await t.api('GET', '/api/tickets', staffNoTickets.token)).statusCode).toBe(403);
  });

  it('changing the status needs tickets_edit and takes the three statuses', async () => {
    const tk = await openTicket(bob, 'Status please');
    const viewer = await makeUser(t, courierA, 'staff', ['tickets_view']);
    const refused = await t.api('PATCH', `/tickets/${tk.id}/status`, viewer.token, { status: 'In Progress' });
    expect(refused.statusCode).toBe(403);
    const bad = await t.api('PATCH', `/tickets/${tk.id}/status`, staffA.token, { status: 'Closed' });
    expect(bad.statusCode).toBe(400);
    const ok = await t.api('PATCH', `/tickets/${tk.id}/status`, staffA.token, { status: 'In Progress' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('In Progress');
  });
});

describe('read markers per reader', () => {
  it('opening a ticket clears it for that reader only; a new customer message brings it back', async () => {
    const before = { a: await count(adminA), a2: await count(adminA2), s: await count(staffA) };
    const tk = await openTicket(alice, 'Markers');
    expect(await count(adminA)).toBe(before.a + 1);
    expect(await count(adminA2)).toBe(before.a2 + 1);
    expect(await count(staffA)).toBe(before.s + 1);

    await t.api('GET', `/api/tickets/${tk.id}`, adminA.token);
    expect(await count(adminA)).toBe(before.a);
    expect(await count(adminA2)).toBe(before.a2 + 1);

    // A staff answer does not make it unread for other staff; the customer sees it as unread.
    const answer = await t.api('POST', `/tickets/${tk.id}/messages`, staffA.token, { message: 'We are checking with the warehouse.' });
    expect(answer.statusCode).toBe(201);
    expect(await count(staffA)).toBe(before.s);
    expect(await count(adminA)).toBe(before.a);
    const forAlice = (await t.api('GET', `/api/tickets/customer/${alice.id}?page=1&limit=100`, alice.token)).json();
    const seen = forAlice.data.find((x: { id: number }) => x.id === tk.id);
    expect(seen.unread).toBe(true);
    expect(seen.messages.map((m: { user_id: number | null; customer_id: number | null }) => [m.user_id, m.customer_id])).toEqual([
      [null, alice.id],
      [staffA.id, null],
    ]);
    await t.api('GET', `/api/tickets/${tk.id}`, alice.token);
    const again = (await t.api('GET', `/api/tickets/customer/${alice.id}?page=1&limit=100`, alice.token)).json();
    expect(again.data.find((x: { id: number }) => x.id === tk.id).unread).toBe(false);

    await t.api('POST', `/tickets/${tk.id}/messages`, alice.token, { message: 'Thanks, any news?' });
    expect(await count(adminA)).toBe(before.a + 1);
    expect(await count(staffA)).toBe(before.s + 1);
  });

  it('GET /tickets/unread lists the newest unread first with the count', async () => {
    const fresh = await makeUser(t, courierA, 'courier_admin');
    // Unread is about messages that arrive while one is on the team.
    expect(await count(fresh)).toBe(0);
    const older = await openTicket(alice, 'Older');
    const newer = await openTicket(bob, 'Newer');
    const body = (await t.api('GET', '/api/tickets/unread', fresh.token)).json();
    expect(body.unreadCount).toBe(2);
    expect(body.tickets.map((x: { id: number }) => x.id)).toEqual([newer.id, older.id]);
    expect(body.tickets.every((x: { unread: boolean }) => x.unread)).toBe(true);
    const sa = (await t.api('GET', '/api/tickets/unread', superAdmin.token)).json();
    expect(sa.tickets.map((x: { id: number }) => x.id)).toContain(newer.id);
  });
});

describe('badge counts', () => {
  // 120 tickets one by one: minutes on a loaded 2-core machine, so a longer hang limit.
  it('counts exactly up to 100 (shown 99+), and the customer badge counts tickets with a staff message', { timeout: 180_000 }, async () => {
    const courier = (await makeCourier(t, 'CAP')).id;
    const admin = await makeUser(t, courier, 'courier_admin');
    const customer = await makeCustomer(t, courier);
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push((await openTicket(customer, `Bulk ${i}`)).id);
    // 120 unread: the count stops at 100, enough for the bell's 99+.
    expect(await count(admin)).toBe(100);
    const bell = (await t.api('GET', '/api/tickets/unread', admin.token)).json();
    expect(bell.unreadCount).toBe(100);
    expect(bell.tickets).toHaveLength(10);

    for (const id of ids.slice(0, 11)) {
      await t.api('POST', `/tickets/${id}/messages`, admin.token, { message: 'On it' });
    }
    for (const id of ids.slice(11, 25)) await t.api('GET', `/api/tickets/${id}`, admin.token);
    expect(await count(admin)).toBe(95);
    const page = (await t.api('GET', `/api/tickets/customer/${customer.id}?page=1&limit=100`, customer.token)).json();
    expect(page.total).toBe(120);
    expect(page.data).toHaveLength(100);
    const withStaff = page.data.filter((x: { messages: Array<{ user_id: number | null }> }) => x.messages.some((m) => m.user_id !== null));
    expect(withStaff).toHaveLength(11);
  });

  it('a staff reply moves Pending to In Progress and e-mails the customer the reply; a customer writing on a resolved ticket reopens it', async () => {
    const courier = (await makeCourier(t, 'MOV')).id;
    const admin = await makeUser(t, courier, 'courier_admin');
    const customer = await makeCustomer(t, courier);
    const ticket = await openTicket(customer, 'Customs question');

    // The customer's own follow-up does not start work on it.
    expect((await t.api('POST', `/tickets/${ticket.id}/messages`, customer.token, { message: 'Any news?' })).json().status).toBe('Pending');
    const answered = await t.api('POST', `/tickets/${ticket.id}/messages`, admin.token, { message: 'It clears customs on Friday.' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().status).toBe('In Progress');
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(ticket.ticket_no);
    expect(mails[0]?.textBody).toContain('It clears customs on Friday.');
    expect(mails[0]?.courierId).toBe(courier);

    const resolved = await t.api('PATCH', `/tickets/${ticket.id}/status`, admin.token, { status: 'Resolved' });
    expect(resolved.json().status).toBe('Resolved');
    expect((await t.api('POST', `/tickets/${ticket.id}/messages`, customer.token, { message: 'It did not arrive.' })).json().status).toBe(
      'Pending',
    );
    // Only staff replies are e-mailed to the customer.
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email))).toHaveLength(1);
  });
});
