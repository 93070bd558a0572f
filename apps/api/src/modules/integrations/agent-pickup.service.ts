import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { PICKUP_MESSAGES, type PickupSourceDto, WEBHOOK_MESSAGES } from '@courier/shared/schemas/integrations';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { importSourceFiles, importSources } from '../../db/schema/package-imports';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { claimImport, createImport, runImport } from '../package-imports/package-imports.service';
import { type OutboundPolicy, checkEndpointUrl, isPrivateAddress } from './webhooks.service';

/** How often a folder is read; the job looks every few minutes for folders due. */
export const PICKUP_EVERY_MS = 15 * 60_000;
const LISTING_MAX_BYTES = 1024 * 1024;
const FILE_MAX_BYTES = 10 * 1024 * 1024;

export async function getPickupSource(db: Db, courierId: number): Promise<PickupSourceDto> {
  const [row] = await db.select().from(importSources).where(eq(importSources.courierId, courierId));
  return {
    url: row?.url ?? null,
    active: row?.active ?? false,
    secretKind: row?.secretKind ?? null,
    hostKeyFingerprint: row?.hostKeyFingerprint ?? null,
    lastCheckedAt: row?.lastCheckedAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
  };
}

export interface PickupSourceInput {
  url: string;
  active: boolean;
  password?: string;
  privateKey?: string;
  hostKeyFingerprint?: string;
}

export async function savePickupSource(db: Db, policy: OutboundPolicy, box: SecretBox, courierId: number, input: PickupSourceInput) {
  const [before] = await db.select().from(importSources).where(eq(importSources.courierId, courierId));
  let url: string;
  let sftp: Pick<typeof importSources.$inferInsert, 'secretKind' | 'secretSealed' | 'hostKeyFingerprint'> = {
    secretKind: null,
    secretSealed: null,
    hostKeyFingerprint: null,
  };
  if (input.url.toLowerCase().startsWith('sftp:')) {
    url = checkSftpUrl(input.url, policy).toString();
    const fingerprint = input.hostKeyFingerprint || before?.hostKeyFingerprint;
    if (!fingerprint) throw new AppError('bad_request', PICKUP_MESSAGES.sftpFingerprintMissing);
    // A new secret replaces the saved one; none given keeps it.
    if (input.privateKey?.trim()) {
      if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(input.privateKey))
        throw new AppError('bad_request', PICKUP_MESSAGES.sftpPrivateKeyBad);
      sftp = { secretKind: 'private_key', secretSealed: box.seal(input.privateKey.trim()), hostKeyFingerprint: fingerprint };
    } else if (input.password) {
      sftp = { secretKind: 'password', secretSealed: box.seal(input.password), hostKeyFingerprint: fingerprint };
    } else if (before?.secretSealed && before.secretKind) {
      sftp = { secretKind: before.secretKind, secretSealed: before.secretSealed, hostKeyFingerprint: fingerprint };
    } else throw new AppError('bad_request', PICKUP_MESSAGES.sftpSecretMissing);
  } else {
    // The same rule as a webhook endpoint: our server calls it, so never the inside of our network.
    url = checkEndpointUrl(input.url, policy).toString();
  }
  await db
    .insert(importSources)
    .values({ courierId, url, active: input.active, ...sftp })
    .onConflictDoUpdate({
      target: importSources.courierId,
      set: { url, active: input.active, ...sftp, lastError: null, updatedAt: new Date() },
    });
  return getPickupSource(db, courierId);
}

/** An sftp://user@host[:port]/folder address, with the webhook rule on its host (no private address in production). */
export function checkSftpUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('bad_request', WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'sftp:' || !url.hostname) throw new AppError('bad_request', WEBHOOK_MESSAGES.urlInvalid);
  if (!url.username) throw new AppError('bad_request', PICKUP_MESSAGES.sftpUserMissing);
  if (url.password) throw new AppError('bad_request', WEBHOOK_MESSAGES.urlInvalid);
  checkEndpointUrl(`https://${url.host}/`, policy);
  return url;
}

/** The host key's fingerprint as OpenSSH prints it (SHA256:<base64 without padding>). */
export const fingerprintOf = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

type SourceRow = typeof importSources.$inferSelect;
type FolderFile = { name: string; read: () => Promise<Buffer> };

/**
 * The CSV and Excel files of an SFTP folder. The connection goes to the address the name resolves
 * to now (checked like a webhook's), and only to a server showing the pinned host key.
 */
async function sftpFolder(
  source: SourceRow,
  policy: OutboundPolicy,
  box: SecretBox,
): Promise<{ files: FolderFile[]; close: () => Promise<void> }> {
  const url = checkSftpUrl(source.url, policy);
  if (!source.secretSealed || !source.hostKeyFingerprint) throw new AppError('bad_request', PICKUP_MESSAGES.sftpSecretMissing);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const [address] = isIP(hostname) ? [{ address: hostname }] : await lookup(hostname, { all: true });
  // A browser journey's own server at a literal loopback address, when allowed; nothing else private.
  const loopbackAllowed = policy.allowLoopback === true && ['127.0.0.1', '::1'].includes(hostname);
  if (!address || (!policy.allowPrivate && !loopbackAllowed && isPrivateAddress(address.address)))
    throw new AppError('bad_request', WEBHOOK_MESSAGES.urlPrivate);
  const secret = box.open(source.secretSealed);
  // Loaded on first use: most couriers' folders are HTTPS, and ssh2 is large.
  const { default: SftpClient } = await import('ssh2-sftp-client');
  const client = new SftpClient();
  let wrongKey = false;
  try {
    await client.connect({
      host: address.address,
      port: Number(url.port || 22),
      username: decodeURIComponent(url.username),
      ...(source.secretKind === 'private_key' ? { privateKey: secret } : { password: secret }),
      readyTimeout: 20_000,
      hostVerifier: (key: Buffer) => {
        wrongKey = fingerprintOf(key) !== source.hostKeyFingerprint;
        return !wrongKey;
      },
    });
  } catch (e) {
    await client.end().catch(() => {});
    if (wrongKey) throw new AppError('bad_request', PICKUP_MESSAGES.sftpHostKeyMismatch);
    throw new AppError(
      'bad_request',
      PICKUP_MESSAGES.folderUnreachable(e instanceof Error ? e.message.replace(/^connect: /, '') : 'no answer'),
    );
  }
  const folder = decodeURIComponent(url.pathname) || '/';
  const listing = await client.list(folder).catch(async (e: unknown) => {
    await client.end().catch(() => {});
    throw new AppError('bad_request', PICKUP_MESSAGES.folderUnreachable(e instanceof Error ? e.message : 'no answer'));
  });
  const files = listing
    .filter((f) => f.type === '-' && /\.(csv|xlsx)$/i.test(f.name))
    .sort((a, b) => a.modifyTime - b.modifyTime || a.name.localeCompare(b.name))
    .map((f) => ({
      name: f.name.slice(0, 200),
      read: async () => {
        if (f.size > FILE_MAX_BYTES) throw new Error('too large');
        const data = await client.get(`${folder.replace(/\/$/, '')}/${f.name}`);
        if (!Buffer.isBuffer(data)) throw new Error('not a file');
        return data;
      },
    }));
  return { files, close: () => client.end().then(() => undefined) };
}

async function fetchCapped(url: URL, maxBytes: number): Promise<Buffer> {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length > maxBytes) throw new Error('too large');
  return data;
}

/** The folder's files, from its JSON listing: names relative to the folder, or names with their own URLs. */
export function parseListing(body: string, folder: URL): Array<{ name: string; url: URL }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new AppError('bad_request', PICKUP_MESSAGES.listingUnreadable);
  }
  const items = Array.isArray(parsed) ? parsed : (parsed as { files?: unknown })?.files;
  if (!Array.isArray(items)) throw new AppError('bad_request', PICKUP_MESSAGES.listingUnreadable);
  const base = folder.toString().endsWith('/') ? folder : new URL(`${folder.toString()}/`);
  return items.flatMap((item) => {
    const name = typeof item === 'string' ? item : typeof item?.name === 'string' ? item.name : null;
    if (!name || !/\.(csv|xlsx)$/i.test(name)) return [];
    const href = typeof item === 'object' && typeof item.url === 'string' ? item.url : encodeURIComponent(name);
    return [{ name: name.slice(0, 200), url: new URL(href, base) }];
  });
}

/**
 * Reads the courier's folder and imports each file not taken before, with the courier's
 * remembered mapping; a file is recorded as taken before it is imported, so it is never imported
 * twice (a file that fails is reported and left for the admin to upload by hand).
 */
export async function pickUp(s: Services, policy: OutboundPolicy, box: SecretBox, courierId: number) {
  const [source] = await s.db.select().from(importSources).where(eq(importSources.courierId, courierId));
  if (!source) throw new AppError('bad_request', PICKUP_MESSAGES.notConfigured);
  const files: Array<{ name: string; importId: number | null; error: string | null }> = [];
  let close = async () => {};
  try {
    let folderFiles: FolderFile[];
    if (source.url.startsWith('sftp:')) {
      const opened = await sftpFolder(source, policy, box);
      folderFiles = opened.files;
      close = opened.close;
    } else {
      const folder = checkEndpointUrl(source.url, policy);
      let listing: Buffer;
      try {
        listing = await fetchCapped(folder, LISTING_MAX_BYTES);
      } catch (e) {
        throw new AppError('bad_request', PICKUP_MESSAGES.folderUnreachable(e instanceof Error ? e.message : 'no answer'));
      }
      folderFiles = parseListing(listing.toString('utf8'), folder).map((file) => ({
        name: file.name,
        read: () => fetchCapped(checkEndpointUrl(file.url.toString(), policy), FILE_MAX_BYTES),
      }));
    }
    for (const file of folderFiles) {
      const [taken] = await s.db
        .insert(importSourceFiles)
        .values({ courierId, name: file.name })
        .onConflictDoNothing()
        .returning({ name: importSourceFiles.name });
      if (!taken) continue;
      let importId: number | null = null;
      let error: string | null = null;
      try {
        const data = await file.read().catch((e: unknown) => {
          if (e instanceof AppError) throw e;
          throw new AppError('bad_request', PICKUP_MESSAGES.fileUnreachable(file.name, e instanceof Error ? e.message : 'no answer'));
        });
        const who = { courierId, user: null };
        const upload = await createImport(s.db, who, { name: file.name, data, source: 'pickup' });
        importId = upload.id;
        await claimImport(s.db, courierId, upload.id, upload.mapping);
        await runImport(s, who, upload.id);
      } catch (e) {
        error = e instanceof AppError ? e.message : 'The file could not be imported';
      }
      await s.db
        .update(importSourceFiles)
        .set({ importId, error })
        .where(and(eq(importSourceFiles.courierId, courierId), eq(importSourceFiles.name, file.name)));
      files.push({ name: file.name, importId, error });
    }
    await s.db.update(importSources).set({ lastCheckedAt: new Date(), lastError: null }).where(eq(importSources.courierId, courierId));
  } catch (e) {
    const message = e instanceof AppError ? e.message : 'The folder could not be read';
    await s.db.update(importSources).set({ lastCheckedAt: new Date(), lastError: message }).where(eq(importSources.courierId, courierId));
    throw e;
  } finally {
    await close().catch(() => {});
  }
  return { files };
}

/** Folders due for a read, claimed (their check time moved) so another replica skips them. */
export async function claimDueSources(db: Db, now: Date): Promise<number[]> {
  const due = await db
    .update(importSources)
    .set({ lastCheckedAt: now })
    .where(
      and(
        eq(importSources.active, true),
        or(isNull(importSources.lastCheckedAt), lte(importSources.lastCheckedAt, new Date(now.getTime() - PICKUP_EVERY_MS))),
      ),
    )
    .returning({ courierId: importSources.courierId });
  return due.map((d) => d.courierId);
}
