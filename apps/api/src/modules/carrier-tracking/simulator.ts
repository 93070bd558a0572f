import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { webhookSignature } from './aftership';

/**
 * A local stand-in for the tracking aggregator (AfterShip's protocol, aftership.ts). It takes
 * `POST /trackings` and `GET /trackings?tracking_numbers=` under `as-api-key`, and sends each
 * checkpoint as a signed `tracking_update` webhook to the account's webhook address.
 * What the aggregator's dashboard holds (an account's webhook address and secret) is set with
 * `PUT /simulator/accounts/{apiKey}`; a carrier's scan is simulated with
 * `POST /simulator/checkpoints` `{ tracking_number, tag, message?, location? }`.
 * `GET /simulator/trackings` lists what it follows. `npm run tracking-simulator` runs it alone
 * (SIMULATOR_PORT, default 4030).
 */
export interface SimulatedCheckpoint {
  checkpoint_time: string;
  tag: string;
  message: string;
  location: string | null;
}
export interface SimulatedTracking {
  id: string;
  apiKey: string;
  tracking_number: string;
  slug: string | null;
  order_id: string | null;
  title: string | null;
  tag: string;
  checkpoints: SimulatedCheckpoint[];
}
export interface TrackingSimulator {
  server: Server;
  origin: string;
  trackings: SimulatedTracking[];
  /**
   * A carrier's scan of a parcel: added to every tracking of that number (or only the one with
   * `id`), each account told by its own signed webhook; answers the webhooks' HTTP statuses.
   */
  checkpoint(scan: Scan): Promise<number[]>;
  close(): Promise<void>;
}

export interface Scan {
  trackingNumber: string;
  tag: string;
  id?: string;
  message?: string;
  location?: string;
}

const MESSAGES: Record<string, string> = {
  InfoReceived: 'Shipping label created',
  InTransit: 'Departed carrier facility',
  OutForDelivery: 'Out for delivery',
  Delivered: 'Delivered, front desk',
};
const MAX_KEPT = 2_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 64 * 1024) reject(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function startTrackingSimulator(port = 0, host = '127.0.0.1'): Promise<TrackingSimulator> {
  const trackings: SimulatedTracking[] = [];
  const accounts = new Map<string, { webhookUrl: string; secret: string }>();

  const sendWebhook = async (t: SimulatedTracking): Promise<number> => {
    const account = accounts.get(t.apiKey);
    if (!account) return 0;
    const { apiKey: _key, ...msg } = t;
    const body = JSON.stringify({
      event: 'tracking_update',
      event_id: randomUUID(),
      is_tracking_first_tag: true,
      msg,
      ts: Math.floor(Date.now() / 1000),
    });
    try {
      const response = await fetch(account.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'aftership-hmac-sha256': webhookSignature(account.secret, body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } catch {
      return 0;
    }
  };

  const checkpoint = async (scan: Scan) => {
    const matching = trackings.filter((x) => x.tracking_number === scan.trackingNumber && (scan.id === undefined || x.id === scan.id));
    const statuses: number[] = [];
    for (const t of matching) {
      t.tag = scan.tag;
      t.checkpoints.push({
        checkpoint_time: new Date().toISOString(),
        tag: scan.tag,
        message: scan.message ?? MESSAGES[scan.tag] ?? scan.tag,
        location: scan.location ?? (scan.tag === 'Delivered' || scan.tag === 'OutForDelivery' ? 'Miami, FL' : null),
      });
      statuses.push(await sendWebhook(t));
    }
    return statuses;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://simulator');
      const apiKey = req.headers['as-api-key'];
      if (req.method === 'PUT' && url.pathname.startsWith('/simulator/accounts/')) {
        const body = JSON.parse((await readBody(req)) || '{}') as { webhookUrl?: string; secret?: string };
        if (!body.webhookUrl || !body.secret) return answer(res, 400, { message: 'webhookUrl and secret are required' });
        accounts.set(decodeURIComponent(url.pathname.slice('/simulator/accounts/'.length)), {
          webhookUrl: body.webhookUrl,
          secret: body.secret,
        });
        return answer(res, 200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/simulator/checkpoints') {
        const body = JSON.parse((await readBody(req)) || '{}') as {
          tracking_number?: string;
          tag?: string;
          message?: string;
          location?: string;
        };
        if (!body.tracking_number || !body.tag) return answer(res, 400, { message: 'tracking_number and tag are required' });
        const scan = { trackingNumber: body.tracking_number, tag: body.tag, message: body.message, location: body.location };
        return answer(res, 200, { webhookStatuses: await checkpoint(scan) });
      }
      if (req.method === 'GET' && url.pathname === '/simulator/trackings') return answer(res, 200, { trackings });
      if (url.pathname !== '/trackings') return answer(res, 404, { meta: { code: 404, message: 'Not found', type: 'NotFound' } });
      if (typeof apiKey !== 'string' || apiKey === '') {
        return answer(res, 401, { meta: { code: 401, message: 'Invalid API key.', type: 'Unauthorized' }, data: {} });
      }
      if (req.method === 'GET') {
        const numbers = (url.searchParams.get('tracking_numbers') ?? '').split(',').filter(Boolean);
        const found = trackings.filter((t) => t.apiKey === apiKey && numbers.includes(t.tracking_number));
        return answer(res, 200, { meta: { code: 200 }, data: { trackings: found.map(({ apiKey: _k, ...t }) => t) } });
      }
      if (req.method !== 'POST') return answer(res, 405, { meta: { code: 405, message: 'Method not allowed' } });
      const body = JSON.parse((await readBody(req)) || '{}') as {
        tracking_number?: string;
        slug?: string;
        order_id?: string;
        title?: string;
      };
      if (!body.tracking_number) {
        return answer(res, 400, { meta: { code: 4007, message: 'tracking_number is required.', type: 'BadRequest' }, data: {} });
      }
      if (trackings.some((t) => t.apiKey === apiKey && t.tracking_number === body.tracking_number && t.slug === (body.slug ?? null))) {
        return answer(res, 400, { meta: { code: 4003, message: 'Tracking already exists.', type: 'BadRequest' }, data: {} });
      }
      const tracking: SimulatedTracking = {
        id: randomUUID().replaceAll('-', ''),
        apiKey,
        tracking_number: body.tracking_number,
        slug: body.slug ?? null,
        order_id: body.order_id ?? null,
        title: body.title ?? null,
        tag: 'Pending',
        checkpoints: [],
      };
      trackings.push(tracking);
      if (trackings.length > MAX_KEPT) trackings.shift();
      const { apiKey: _k, ...shown } = tracking;
      return answer(res, 201, { meta: { code: 201 }, data: shown });
    })().catch(() => answer(res, 400, { meta: { code: 400, message: 'Bad request' } }));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const origin = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
      resolve({
        server,
        origin,
        trackings,
        checkpoint,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}
