import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { twilioSignature } from './twilio';

/**
 * A local stand-in for Twilio's Messages API, speaking its protocol (twilio.ts): it takes
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` under basic auth, keeps the message in its
 * inbox and reports `sent` then `delivered` to the StatusCallback, signed with X-Twilio-Signature
 * under the Auth Token the message came with. A customer's reply (STOP) is simulated with
 * `POST /simulate/reply`, which the simulator posts, signed, to the courier's inbound address.
 * `GET /inbox.json` lists what arrived (?channel=whatsapp|sms, ?to=); `GET /` shows it as a page.
 * `npm run messaging-simulator` runs it on its own (SIMULATOR_PORT, default 4020).
 */
export interface SimulatedMessage {
  sid: string;
  accountSid: string;
  channel: 'sms' | 'whatsapp';
  to: string;
  from: string;
  body: string;
  status: string;
  statusCallback: string | null;
  createdAt: string;
}

export interface MessagingSimulator {
  server: Server;
  origin: string;
  inbox: SimulatedMessage[];
  close(): Promise<void>;
}

const MAX_KEPT = 500;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 256 * 1024) reject(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function postSigned(url: string, authToken: string, params: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature(authToken, url, params) },
    body: new URLSearchParams(params).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

export function startMessagingSimulator(port = 0, host = '127.0.0.1', callbackDelayMs = 150): Promise<MessagingSimulator> {
  const inbox: SimulatedMessage[] = [];
  /** Each account's Auth Token as its messages carried it, and where its replies go. */
  const accounts = new Map<string, { token: string; inboundUrl: string | null }>();

  const report = async (m: SimulatedMessage, status: string) => {
    m.status = status;
    const account = accounts.get(m.accountSid);
    if (!m.statusCallback || !account) return;
    await postSigned(m.statusCallback, account.token, {
      AccountSid: m.accountSid,
      MessageSid: m.sid,
      MessageStatus: status,
      From: m.channel === 'whatsapp' ? `whatsapp:${m.from}` : m.from,
      To: m.channel === 'whatsapp' ? `whatsapp:${m.to}` : m.to,
    }).catch(() => undefined);
  };

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const create = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (req.method === 'POST' && create) {
      const accountSid = decodeURIComponent(create[1] ?? '');
      const [user, token] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      if (!token || user !== accountSid) return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      const form = new URLSearchParams(await readBody(req));
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      const body = form.get('Body') ?? '';
      if (!to) return json(res, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
      if (!from) return json(res, 400, { code: 21603, message: "A 'From' phone number is required.", status: 400 });
      if (!body) return json(res, 400, { code: 21602, message: 'Message body is required.', status: 400 });
      const whatsapp = to.startsWith('whatsapp:');
      if (whatsapp !== from.startsWith('whatsapp:'))
        return json(res, 400, { code: 63007, message: 'To and From must both be WhatsApp addresses', status: 400 });
      const statusCallback = form.get('StatusCallback');
      accounts.set(accountSid, { token, inboundUrl: statusCallback ? statusCallback.replace(/\/status$/, '/inbound') : null });
      const m: SimulatedMessage = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        accountSid,
        channel: whatsapp ? 'whatsapp' : 'sms',
        to: to.replace(/^whatsapp:/, ''),
        from: from.replace(/^whatsapp:/, ''),
        body,
        status: 'queued',
        statusCallback,
        createdAt: new Date().toISOString(),
      };
      inbox.push(m);
      if (inbox.length > MAX_KEPT) inbox.shift();
      json(res, 201, {
        sid: m.sid,
        account_sid: accountSid,
        to,
        from,
        body,
        status: 'queued',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}.json`,
      });
      setTimeout(() => void report(m, 'sent').then(() => setTimeout(() => void report(m, 'delivered'), callbackDelayMs)), callbackDelayMs);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/simulate/reply') {
      const input = JSON.parse((await readBody(req)) || '{}') as {
        accountSid?: string;
        from?: string;
        to?: string;
        body?: string;
        channel?: string;
      };
      const account = input.accountSid ? accounts.get(input.accountSid) : undefined;
      if (!account?.inboundUrl || !input.from || !input.to) return json(res, 404, { message: 'No messages from that account yet' });
      const prefix = input.channel === 'whatsapp' ? 'whatsapp:' : '';
      const status = await postSigned(account.inboundUrl, account.token, {
        AccountSid: input.accountSid as string,
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        From: `${prefix}${input.from}`,
        To: `${prefix}${input.to}`,
        Body: input.body ?? '',
      });
      return json(res, 200, { delivered: status < 300, status });
    }
    if (req.method === 'GET' && url.pathname === '/inbox.json') {
      const channel = url.searchParams.get('channel');
      const to = url.searchParams.get('to');
      return json(
        res,
        200,
        inbox.filter((m) => (!channel || m.channel === channel) && (!to || m.to === to)),
      );
    }
    if (req.method === 'GET' && url.pathname === '/') {
      const rows = [...inbox]
        .reverse()
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.createdAt)}</td><td>${m.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.from)}</td><td>${escapeHtml(m.body)}</td><td>${escapeHtml(m.status)}</td></tr>`,
        )
        .join('');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>TEST messaging inbox</title>` +
          `<style>body{font-family:system-ui;margin:1rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem;text-align:left;vertical-align:top}</style>` +
          `<h1>TEST messaging inbox</h1><p>Messages the simulator received (nothing here reaches a phone).</p>` +
          `<table><thead><tr><th>When</th><th>Channel</th><th>To</th><th>From</th><th>Message</th><th>Status</th></tr></thead><tbody>${rows || '<tr><td colspan="6">No messages yet</td></tr>'}</tbody></table>`,
      );
      return;
    }
    json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
  };

  const server = createServer((req, res) => {
    handler(req, res).catch(() => json(res, 500, { message: 'Simulator error' }));
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({
        server,
        origin: `http://${host}:${actualPort}`,
        inbox,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
