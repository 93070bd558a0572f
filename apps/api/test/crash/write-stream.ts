import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { DEMO_LOGINS } from '../../src/db/seed';

/**
 * The writes a crash round sends: customer self-registrations (POST /api/customers/register with
 * the default api key) and staff payments (POST /api/payments) against one open invoice, several
 * in flight at once, until the round kills the server.
 */

export interface Registration {
  kind: 'registration';
  email: string;
  /** From the 201 answer: what must be in the database after the crash. */
  customerId?: number;
  mailboxNumber?: string;
}

export interface Payment {
  kind: 'payment';
  reference: string;
  invoiceNo: string;
  amountCents: number;
  receiptNo?: string;
}

export type Write = Registration | Payment;

/**
 * acknowledged: the server answered 2xx, so the write must survive. unknown: the connection died
 * with the request in flight, so it may or may not have committed, but never in part.
 * refused: the server answered something else (a bug in a stream of valid writes).
 */
export type Outcome = 'acknowledged' | 'unknown' | 'refused';

export interface SentWrite {
  write: Write;
  outcome: Outcome;
  status?: number;
  body?: string;
}

export interface StreamTarget {
  baseUrl: string;
  /** Marks this round's writes: e-mails and payment references carry it. */
  tag: string;
  courierId: number;
  branchId: number;
  staffToken: string;
  invoiceNo: string;
}

const admin = DEMO_LOGINS.find((l) => l.role === 'courier_admin');
if (!admin) throw new Error('no demo courier admin');
export const STAFF_LOGIN = { email: admin.email, password: admin.password };
export const CUSTOMER_PASSWORD = 'Crash#Safe2026';

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The courier of the default api key, a branch to register at, a staff token and an invoice with room to pay. */
export async function prepareTarget(baseUrl: string, tag: string): Promise<StreamTarget> {
  const courier = await json<{ data: { id: number } }>(await fetch(`${baseUrl}/api/couriers/validate/${DEFAULT_API_KEY}`), 'courier');
  const branches = await json<{ data: Array<{ id: number }> }>(
    await fetch(`${baseUrl}/api/branches/public/${courier.data.id}`),
    'branches',
  );
  const branch = branches.data[0];
  if (!branch) throw new Error('the demo courier has no branch');
  const login = await json<{ token: string }>(
    await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF_LOGIN),
    }),
    'staff sign-in',
  );
  const list = await json<{ data: Array<{ invoiceNo: string; status: string; balanceCents: number }> }>(
    await fetch(`${baseUrl}/api/invoices?limit=100`, { headers: { authorization: `Bearer ${login.token}` } }),
    'invoices',
  );
  const open = list.data.filter((i) => i.status !== 'void' && i.balanceCents > 0).sort((a, b) => b.balanceCents - a.balanceCents)[0];
  if (!open || open.balanceCents < 100_000) throw new Error('no demo invoice with a balance left to pay in small parts');
  return { baseUrl, tag, courierId: courier.data.id, branchId: branch.id, staffToken: login.token, invoiceNo: open.invoiceNo };
}

function registrationBody(target: StreamTarget, email: string, n: number) {
  return {
    accountType: 'individual',
    title: 'Ms.',
    firstName: 'Crash',
    lastName: `Tester ${n}`,
    email,
    phone: '876-555-0100',
    password: CUSTOMER_PASSWORD,
    trn: '111-222-333',
    address: `${n} Hope Road`,
    parish: 'Kingston',
    city: 'Kingston',
    country: 'Jamaica',
    branchId: target.branchId,
    api_key: DEFAULT_API_KEY,
  };
}

async function send(target: StreamTarget, n: number): Promise<SentWrite> {
  const isPayment = n % 2 === 1;
  const write: Write = isPayment
    ? { kind: 'payment', reference: `${target.tag}-p${n}`, invoiceNo: target.invoiceNo, amountCents: 100 + (n % 97) }
    : { kind: 'registration', email: `${target.tag}-r${n}@example.test` };
  const request: { url: string; headers: Record<string, string>; body: unknown } =
    write.kind === 'payment'
      ? {
          url: `${target.baseUrl}/api/payments`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${target.staffToken}` },
          body: {
            method: 'cash',
            reference: write.reference,
            // The courier admin has no branch of their own: the payment names its till.
            branchId: target.branchId,
            allocations: [{ invoiceNo: write.invoiceNo, amountCents: write.amountCents }],
          },
        }
      : {
          url: `${target.baseUrl}/api/customers/register`,
          headers: { 'content-type': 'application/json' },
          body: registrationBody(target, write.email, n),
        };
  let res: Response;
  let text: string;
  try {
    res = await fetch(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(request.body) });
    text = await res.text();
  } catch {
    // The connection died (the server was killed) before a whole answer arrived.
    return { write, outcome: 'unknown' };
  }
  if (res.status !== 201) return { write, outcome: 'refused', status: res.status, body: text.slice(0, 300) };
  const answer = JSON.parse(text) as { customer?: { id: number; mailboxNumber: string }; receiptNo?: string };
  if (write.kind === 'payment') write.receiptNo = answer.receiptNo;
  else {
    write.customerId = answer.customer?.id;
    write.mailboxNumber = answer.customer?.mailboxNumber;
  }
  return { write, outcome: 'acknowledged', status: res.status };
}

export interface StreamOptions {
  concurrency: number;
  /** Called once, when this many writes of each kind are acknowledged; it kills the server. */
  killAfterEachKind: number;
  kill(): Promise<void>;
}

/**
 * Sends writes from `concurrency` loops until the kill point, kills the server with the other
 * loops' requests in flight, and answers every write sent with its outcome.
 */
export async function streamUntilKilled(target: StreamTarget, options: StreamOptions): Promise<SentWrite[]> {
  const sent: SentWrite[] = [];
  const acked = { registration: 0, payment: 0 };
  let next = 0;
  let killed: Promise<void> | undefined;

  const loop = async () => {
    while (!killed) {
      const result = await send(target, next++);
      sent.push(result);
      if (result.outcome === 'acknowledged') acked[result.write.kind] += 1;
      if (result.outcome !== 'acknowledged' && !killed) {
        // A refusal or a dead connection before the kill: stop the round, the checks will say why.
        killed = options.kill();
      }
      if (!killed && Math.min(acked.registration, acked.payment) >= options.killAfterEachKind) killed = options.kill();
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  await killed;
  return sent;
}
