import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { type Connection, type ParsedKey, Server, type SFTPWrapper, utils } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES, WEBHOOK_MESSAGES } from '@courier/shared/schemas/integrations';
import { dayInZone } from '@courier/shared/domain/datetime';
import { importSources } from '../../db/schema/package-imports';
import { packages } from '../../db/schema/packages';
import { agentWorkbook } from '../../../test/fixtures/agent-workbook';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';
import { courierTimeZone } from '../../lib/courier-zone';
import { sshKeyPair } from '../../../test/fixtures/ssh-keys';
import { SecretBox } from '../../lib/secret-box';
import { checkSftpUrl, fingerprintOf, pickUp } from './agent-pickup.service';

const { OK, EOF, NO_SUCH_FILE } = utils.sftp.STATUS_CODE;
const parse = (key: string) => utils.parseKey(key) as ParsedKey;

/** The agent's SFTP server, in this process on loopback: one folder, a password and one client key. */
const hostKey = sshKeyPair();
const clientKey = sshKeyPair();
const PASSWORD = 'agent-secret-1';
const folder = new Map<string, Buffer>();
const logins: string[] = [];

function serveSftp(sftp: SFTPWrapper) {
  const handles = new Map<string, { dir?: boolean; sent?: boolean; name?: string }>();
  let next = 0;
  const handle = (state: { dir?: boolean; name?: string }) => {
    const id = Buffer.from(String(next++));
    handles.set(id.toString(), state);
    return id;
  };
  const attrs = (size: number) => ({ mode: 0o100644, uid: 0, gid: 0, size, atime: 0, mtime: 1_790_000_000 });
  sftp
    .on('REALPATH', (id) => sftp.name(id, [{ filename: '/', longname: '/', attrs: attrs(0) }]))
    .on('OPENDIR', (id, path) =>
      path.replace(/\/$/, '') === '/drop' ? sftp.handle(id, handle({ dir: true })) : sftp.status(id, NO_SUCH_FILE),
    )
    .on('READDIR', (id, h) => {
      const state = handles.get(h.toString());
      if (!state || state.sent) return sftp.status(id, EOF);
      state.sent = true;
      sftp.name(
        id,
        [...folder].map(([name, data]) => ({
          filename: name,
          longname: `-rw-r--r-- 1 agent agent ${data.length} Nov 26 10:00 ${name}`,
          attrs: attrs(data.length),
        })),
      );
    })
    .on('OPEN', (id, path) => {
      const name = path.replace(/^\/drop\//, '');
      return folder.has(name) ? sftp.handle(id, handle({ name })) : sftp.status(id, NO_SUCH_FILE);
    })
    .on('READ', (id, h, offset, length) => {
      const data = folder.get(handles.get(h.toString())?.name ?? '');
      if (!data || offset >= data.length) return sftp.status(id, EOF);
      sftp.data(id, data.subarray(offset, offset + length));
    })
    .on('FSTAT', (id, h) => sftp.attrs(id, attrs(folder.get(handles.get(h.toString())?.name ?? '')?.length ?? 0)))
    .on('STAT', (id) => sftp.attrs(id, attrs(0)))
    .on('LSTAT', (id) => sftp.attrs(id, attrs(0)))
    .on('CLOSE', (id, h) => {
      handles.delete(h.toString());
      sftp.status(id, OK);
    });
}

const server = new Server({ hostKeys: [hostKey.private] }, (client: Connection) => {
  client
    .on('authentication', (ctx) => {
      if (ctx.username !== 'agent') return ctx.reject();
      if (ctx.method === 'password' && ctx.password === PASSWORD) {
        logins.push('password');
        return ctx.accept();
      }
      if (ctx.method === 'publickey') {
        const allowed = parse(clientKey.public);
        if (ctx.key.algo !== allowed.type || !ctx.key.data.equals(allowed.getPublicSSH())) return ctx.reject();
        if (!ctx.signature || !ctx.blob) return ctx.accept();
        if (allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo) !== true) return ctx.reject();
        logins.push('key');
        return ctx.accept();
      }
      ctx.reject(['password', 'publickey']);
    })
    .on('ready', () => client.on('session', (accept) => accept().on('sftp', (acceptSftp) => serveSftp(acceptSftp()))))
    .on('error', () => {});
});

let t: TestApp;
let admin: string;
let otherAdmin: string;
let courierId: number;
let mailbox: string;
let url: string;
const fingerprint = fingerprintOf(parse(hostKey.public).getPublicSSH());
const tag = letterTag(5);
const csv = (from: number, to: number) =>
  [
    'Tracking Number,Mailbox,Weight',
    ...Array.from({ length: to - from }, (_, i) => `SF${tag}${String(from + i).padStart(4, '0')},${mailbox},2.5`),
  ].join('\n');

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, `S${tag}`)).id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  otherAdmin = (await makeUser(t, (await makeCourier(t, `T${tag}`)).id, 'courier_admin')).token;
  mailbox = (await makeCustomer(t, courierId, { mailboxNumber: `SF${tag}` })).mailboxNumber;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `sftp://agent@127.0.0.1:${(server.address() as AddressInfo).port}/drop/`;
});
afterAll(async () => {
  server.close();
  await t?.close();
});

const ofCourier = () => t.db.select().from(packages).where(eq(packages.courierId, courierId));

describe('scheduled pick-up from the agent’s SFTP folder', () => {
  it('needs the user, the pinned host key and a password or key; refuses private hosts in production', async () => {
    const noUser = await t.api('PUT', '/settings/agent-pickup', admin, {
      url: url.replace('agent@', ''),
      active: true,
      password: PASSWORD,
      hostKeyFingerprint: fingerprint,
    });
    expect(noUser.json().message).toBe(PICKUP_MESSAGES.sftpUserMissing);
    const noPin = await t.api('PUT', '/settings/agent-pickup', admin, { url, active: true, password: PASSWORD });
    expect(noPin.json().message).toBe(PICKUP_MESSAGES.sftpFingerprintMissing);
    const noSecret = await t.api('PUT', '/settings/agent-pickup', admin, { url, active: true, hostKeyFingerprint: fingerprint });
    expect(noSecret.json().message).toBe(PICKUP_MESSAGES.sftpSecretMissing);
    const production = { allowPrivate: false };
    expect(() => checkSftpUrl('sftp://agent@10.1.2.3/drop', production)).toThrow(WEBHOOK_MESSAGES.urlPrivate);
    expect(() => checkSftpUrl('sftp://agent@127.0.0.1/drop', production)).toThrow(WEBHOOK_MESSAGES.urlPrivate);
    for (const host of ['[::ffff:7f00:1]', '[::ffff:a9fe:a9fe]', '2130706433', '0177.0.0.1', '127.1', 'localhost.', '[fd00::1]']) {
      expect(() => checkSftpUrl(`sftp://agent@${host}:22/drop`, production), host).toThrow(WEBHOOK_MESSAGES.urlPrivate);
    }
    expect(checkSftpUrl('sftp://agent@sftp.agent.example/drop', production).hostname).toBe('sftp.agent.example');
  });

  it('logs in with the password, imports each new CSV once, and keeps the password sealed', async () => {
    folder.set('2026-11-25.csv', Buffer.from(csv(0, 3)));
    folder.set('readme.txt', Buffer.from('not parcels'));
    const saved = await t.api('PUT', '/settings/agent-pickup', admin, {
      url,
      active: true,
      password: PASSWORD,
      hostKeyFingerprint: fingerprint,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ url, secretKind: 'password', hostKeyFingerprint: fingerprint });
    expect(saved.body).not.toContain(PASSWORD);
    const [row] = await t.db.select().from(importSources).where(eq(importSources.courierId, courierId));
    expect(row?.secretSealed).toBeTruthy();
    expect(row?.secretSealed).not.toContain(PASSWORD);

    const run = await t.api('POST', '/settings/agent-pickup/run', admin);
    expect(run.statusCode).toBe(200);
    expect(run.json().files).toMatchObject([
      { name: '2026-11-25.csv', importId: expect.any(Number), error: null, imported: 3, refused: 0 },
    ]);
    expect(await ofCourier()).toHaveLength(3);
    expect(logins).toEqual(['password']);
    const again = await t.api('POST', '/settings/agent-pickup/run', admin);
    expect(again.json().files).toEqual([]);
    expect(await ofCourier()).toHaveLength(3);
    // Another courier sees its own (empty) folder settings, never this one.
    expect((await t.api('GET', '/settings/agent-pickup', otherAdmin)).json()).toMatchObject({ url: null, secretKind: null });
  });

  it('refuses a server whose host key is not the pinned one', async () => {
    const other = fingerprintOf(parse(sshKeyPair().public).getPublicSSH());
    await t.api('PUT', '/settings/agent-pickup', admin, { url, active: true, hostKeyFingerprint: other });
    folder.set('2026-11-26.csv', Buffer.from(csv(3, 5)));
    const run = await t.api('POST', '/settings/agent-pickup/run', admin);
    expect(run.statusCode).toBe(400);
    expect(run.json().message).toBe(PICKUP_MESSAGES.sftpHostKeyMismatch);
    expect((await t.api('GET', '/settings/agent-pickup', admin)).json().lastError).toBe(PICKUP_MESSAGES.sftpHostKeyMismatch);
    expect(await ofCourier()).toHaveLength(3);
  });

  it('logs in with a private key instead, and picks up the new file', async () => {
    const saved = await t.api('PUT', '/settings/agent-pickup', admin, {
      url,
      active: true,
      privateKey: clientKey.private,
      hostKeyFingerprint: fingerprint,
    });
    expect(saved.json()).toMatchObject({ secretKind: 'private_key', lastError: null });
    expect(saved.body).not.toContain('PRIVATE KEY');
    const run = await t.api('POST', '/settings/agent-pickup/run', admin);
    expect(run.json().files.map((f: { name: string }) => f.name)).toEqual(['2026-11-26.csv']);
    expect(await ofCourier()).toHaveLength(5);
    expect(logins.at(-1)).toBe('key');
    const bad = await t.api('PUT', '/settings/agent-pickup', admin, {
      url,
      active: true,
      privateKey: 'not a key',
      hostKeyFingerprint: fingerprint,
    });
    expect(bad.json().message).toBe(PICKUP_MESSAGES.sftpPrivateKeyBad);
  });

  it('picks up the agent’s Excel workbook with its date cells and formulas read as values', async () => {
    const received = new Date(Date.UTC(2026, 10, 24));
    folder.set(
      '2026-11-24.xlsx',
      await agentWorkbook([
        { tracking: `SX${tag}1`, mailbox, weightLb: 4.25, valueUsd: 19.99, received },
        { tracking: `SX${tag}2`, mailbox, kg: 2, pieces: 3, received },
      ]),
    );
    const run = await t.api('POST', '/settings/agent-pickup/run', admin);
    expect(run.json().files).toMatchObject([{ name: '2026-11-24.xlsx', error: null }]);
    const rows = await ofCourier();
    // Three pieces of one shipment are three boxes, piece n of 3.
    expect(rows).toHaveLength(9);
    expect(rows.find((p) => p.trackingNumber === `SX${tag}1`)).toMatchObject({ weightLb: 4.25, declaredValueUsdCents: 1999 });
    const pieces = rows.filter((p) => p.trackingNumber === `SX${tag}2`);
    expect(pieces.map((p) => [p.pieceNumber, p.pieceCount, p.weightLb]).sort()).toEqual([
      [1, 3, 1.47],
      [2, 3, 1.47],
      [3, 3, 1.47],
    ]);
    const zone = await courierTimeZone(t.db, courierId);
    expect(rows.filter((p) => p.trackingNumber.startsWith(`SX${tag}`)).map((p) => dayInZone(p.receivedAt, zone))).toEqual([
      '2026-11-24',
      '2026-11-24',
      '2026-11-24',
      '2026-11-24',
    ]);
  });

  it('in production, never connects to this machine through an IPv4-mapped address or a name that resolves here', async () => {
    const production = { allowPrivate: false };
    const port = (server.address() as AddressInfo).port;
    const before = logins.length;
    for (const target of [`[::ffff:7f00:1]:${port}`, `${hostname()}:${port}`]) {
      await t.db
        .update(importSources)
        .set({ url: `sftp://agent@${target}/drop/` })
        .where(eq(importSources.courierId, courierId));
      await expect(pickUp(t.ctx, production, new SecretBox(t.ctx.tokens.secret), courierId), target).rejects.toThrow(
        WEBHOOK_MESSAGES.urlPrivate,
      );
    }
    expect(logins.length).toBe(before);
  });

  it('answers the same words for a closed port and a port that drops the connection', async () => {
    const dropper = createTcpServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const errors: string[] = [];
    for (const port of [closedPort, (dropper.address() as AddressInfo).port]) {
      await t.db
        .update(importSources)
        .set({ url: `sftp://agent@127.0.0.1:${port}/drop/` })
        .where(eq(importSources.courierId, courierId));
      const run = await t.api('POST', '/settings/agent-pickup/run', admin);
      errors.push(run.json().message);
    }
    dropper.close();
    expect(errors).toEqual([PICKUP_MESSAGES.folderUnreachable('no answer'), PICKUP_MESSAGES.folderUnreachable('no answer')]);
  });
});
