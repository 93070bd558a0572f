import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { PICKUP_MESSAGES, type PickupFileDto, type PickupSourceDto, WEBHOOK_MESSAGES } from '@courier/shared/schemas/integrations';
import type { ImportRowResult } from '@courier/shared/schemas/package-imports';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { importSourceFiles, importSources, packageImports } from '../../db/schema/package-imports';
import { AppError } from '../../lib/errors';
import { type OutboundPolicy, guardedFetch, isRefusal, resolveAllowed } from '../../lib/outbound-guard';
import type { SecretBox } from '../../lib/secret-box';
import { noticeImportProblem, claimImport, createImport, getImport, runImport } from '../package-imports/index';
import { checkEndpointUrl } from './webhooks.service';

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
    files: await pickedUpFiles(db, courierId),
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
  // The address the name has now, checked by the guard; the connection goes to that address only.
  // A name that does not resolve is the setting's error, said in words (never a 500).
  const address = await resolveAllowed(url.hostname, policy)
    .then((found) => found[0])
    .catch((e: unknown) => {
      if (isRefusal(e)) throw new AppError('bad_request', WEBHOOK_MESSAGES.urlPrivate);
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
        throw new AppError('bad_request', PICKUP_MESSAGES.folderUnreachable(`${url.hostname.replace(/^\[|\]$/g, '')} was not found`));
      throw unreachable();
    });
  if (!address) throw unreachable();
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
    // A wrong password is the server's answer; anything before it (refused, silent, not SSH) reads the same.
    throw (e as { level?: unknown })?.level === 'client-authentication'
      ? new AppError('bad_request', PICKUP_MESSAGES.folderUnreachable('the user name or secret was not accepted'))
      : unreachable();
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

/** Any failure before a server answered: the same words for a closed port and a silent one. */
const unreachable = () => new AppError('bad_request', PICKUP_MESSAGES.folderUnreachable('no answer'));

async function fetchCapped(url: URL, maxBytes: number, policy: OutboundPolicy): Promise<Buffer> {
  const res = await guardedFetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) }, policy).catch((e: unknown) => {
    throw isRefusal(e) ? new AppError('bad_request', WEBHOOK_MESSAGES.urlPrivate) : new Error('no answer');
  });
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

type SourceFileRow = typeof importSourceFiles.$inferSelect;
type ImportCounts = { received: number; unknown: number; invalid: number } | null;

function fileDto(f: SourceFileRow, imp: { totalRows: number; counts: ImportCounts } | null): PickupFileDto {
  return {
    name: f.name,
    importId: f.importId,
    error: f.error,
    totalRows: imp?.totalRows ?? null,
    imported: imp?.counts ? imp.counts.received + imp.counts.unknown : null,
    refused: imp?.counts ? imp.counts.invalid : null,
    needsFix: f.needsFix,
    takenAt: f.seenAt.toISOString(),
  };
}

/** The latest files taken from the courier's folder, newest first, with what became of each. */
export async function pickedUpFiles(db: Db, courierId: number, limit = 10): Promise<PickupFileDto[]> {
  const rows = await db
    .select({ file: importSourceFiles, totalRows: packageImports.totalRows, counts: packageImports.counts })
    .from(importSourceFiles)
    .leftJoin(packageImports, eq(packageImports.id, importSourceFiles.importId))
    .where(eq(importSourceFiles.courierId, courierId))
    .orderBy(desc(importSourceFiles.seenAt), desc(importSourceFiles.name))
    .limit(limit);
  return rows.map((r) => fileDto(r.file, r.totalRows === null ? null : { totalRows: r.totalRows, counts: r.counts }));
}

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Takes one file of the folder: a new name is recorded before it is imported, so it is never
 * imported twice; a file whose rows were refused (or that failed) is taken again once its content
 * changes, and the rows already imported are reported, not doubled. Null when nothing is to be done.
 */
async function takeFile(s: Services, courierId: number, file: FolderFile): Promise<PickupFileDto | null> {
  const where = and(eq(importSourceFiles.courierId, courierId), eq(importSourceFiles.name, file.name));
  const [before] = await s.db.select().from(importSourceFiles).where(where);
  if (before && !before.needsFix) return null;
  if (!before) {
    const [taken] = await s.db.insert(importSourceFiles).values({ courierId, name: file.name }).onConflictDoNothing().returning();
    if (!taken) return null;
  }
  let data: Buffer | null = null;
  let error: string | null = null;
  try {
    data = await file.read();
  } catch (e) {
    error = e instanceof AppError ? e.message : PICKUP_MESSAGES.fileUnreachable(file.name, e instanceof Error ? e.message : 'no answer');
  }
  const sha = data ? sha256Of(data) : null;
  if (before) {
    // Unchanged since it was refused (or still unreadable): it waits for its fix, said once.
    if (data ? before.sha256 === sha : before.error === error) return null;
    const [claimed] = await s.db
      .update(importSourceFiles)
      .set({ sha256: sha, seenAt: new Date() })
      .where(and(where, eq(importSourceFiles.needsFix, true), sql`${importSourceFiles.sha256} is distinct from ${sha}`))
      .returning();
    if (!claimed) return null;
  }
  let importId: number | null = null;
  let imp: { totalRows: number; counts: ImportCounts } | null = null;
  let report: ImportRowResult[] = [];
  if (data) {
    try {
      const who = { courierId, user: null };
      const upload = await createImport(s.db, who, { name: file.name, data, source: 'pickup' });
      importId = upload.id;
      await claimImport(s.db, courierId, upload.id, upload.mapping);
      const done = await runImport(s, who, upload.id);
      imp = { totalRows: done.totalRows, counts: done.counts };
      report = (await getImport(s.db, courierId, upload.id)).rows;
    } catch (e) {
      error = e instanceof AppError ? e.message : 'The file could not be imported';
    }
  }
  const refused = imp?.counts?.invalid ?? 0;
  const [row] = await s.db
    .update(importSourceFiles)
    .set({ importId, error, sha256: sha, needsFix: error !== null || refused > 0, seenAt: new Date() })
    .where(where)
    .returning();
  if (!row) throw new Error('Picked-up file vanished');
  if (row.needsFix) {
    await noticeImportProblem(s, courierId, { fileName: file.name, importId, error, totalRows: imp?.totalRows ?? null, refused, report });
  }
  return fileDto(row, imp);
}

/** Reads the courier's folder and takes each file new or fixed, with the courier's remembered mapping. */
export async function pickUp(s: Services, policy: OutboundPolicy, box: SecretBox, courierId: number) {
  const [source] = await s.db.select().from(importSources).where(eq(importSources.courierId, courierId));
  if (!source) throw new AppError('bad_request', PICKUP_MESSAGES.notConfigured);
  const files: PickupFileDto[] = [];
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
        listing = await fetchCapped(folder, LISTING_MAX_BYTES, policy);
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw new AppError('bad_request', PICKUP_MESSAGES.folderUnreachable(e instanceof Error ? e.message : 'no answer'));
      }
      folderFiles = parseListing(listing.toString('utf8'), folder).map((file) => ({
        name: file.name,
        read: () => fetchCapped(checkEndpointUrl(file.url.toString(), policy), FILE_MAX_BYTES, policy),
      }));
    }
    for (const file of folderFiles) {
      const taken = await takeFile(s, courierId, file);
      if (taken) files.push(taken);
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
