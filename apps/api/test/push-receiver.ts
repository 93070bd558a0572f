import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';

/**
 * A local push service for tests, speaking Web Push (RFC 8030) as a browser's push service would:
 * it takes POST to a device's endpoint, answers 201 (or the status a test asks for, e.g. 410 for an
 * expired subscription), and decrypts each aes128gcm payload (RFC 8188 / RFC 8291) with the
 * device's own keys, made here as a browser makes them: a P-256 key pair and a 16-byte auth secret.
 */
export interface PushDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What PushSubscription.toJSON() gives the page. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  payload: unknown;
}

export interface PushReceiver {
  origin: string;
  received: ReceivedPush[];
  device(name: string): PushDevice;
  /** From now on this device's endpoint answers with this status (410: the subscription is gone). */
  answer(name: string, status: number): void;
  waitFor(predicate: (p: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** Decrypts an aes128gcm Web Push body with the receiving device's private key and auth secret. */
export function decryptWebPush(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('Web Push record delimiter missing');
  return padded.subarray(0, end).toString('utf8');
}

export function startPushReceiver(host = '127.0.0.1'): Promise<PushReceiver> {
  const devices = new Map<string, { priv: Buffer; pub: Buffer; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const waiters: Array<{ predicate: (p: ReceivedPush) => boolean; resolve: (p: ReceivedPush) => void }> = [];
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = devices.get(name);
      if (req.method !== 'POST' || !device) {
        res.writeHead(404).end();
        return;
      }
      if (device.status !== 201) {
        res.writeHead(device.status).end();
        return;
      }
      const body = Buffer.concat(chunks);
      let payload: unknown = null;
      if (req.headers['content-encoding'] === 'aes128gcm' && body.length > 0) {
        payload = JSON.parse(decryptWebPush(body, device.priv, device.pub, device.auth));
      }
      const push = { device: name, headers: req.headers, payload };
      received.push(push);
      for (const w of [...waiters]) {
        if (w.predicate(push)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(push);
        }
      }
      res.writeHead(201, { Location: `/message/${received.length}` }).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, host, () => {
      const address = server.address();
      const origin = `http://${host}:${typeof address === 'object' && address ? address.port : 0}`;
      resolve({
        origin,
        received,
        device(name) {
          const ecdh = createECDH('prime256v1');
          ecdh.generateKeys();
          const entry = { priv: ecdh.getPrivateKey(), pub: ecdh.getPublicKey(), auth: randomBytes(16), status: 201 };
          devices.set(name, entry);
          const endpoint = `${origin}/push/${encodeURIComponent(name)}`;
          const keys = { p256dh: b64url(entry.pub), auth: b64url(entry.auth) };
          return { endpoint, keys, subscription: { endpoint, expirationTime: null, keys } };
        },
        answer(name, status) {
          const d = devices.get(name);
          if (d) d.status = status;
        },
        waitFor(predicate, timeoutMs = 10_000) {
          const found = received.find(predicate);
          if (found) return Promise.resolve(found);
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error('No push arrived in time')), timeoutMs);
            waiters.push({
              predicate,
              resolve: (p) => {
                clearTimeout(timer);
                res(p);
              },
            });
          });
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
