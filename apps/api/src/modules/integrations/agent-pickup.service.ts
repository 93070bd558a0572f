import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { PICKUP_MESSAGES, type PickupSourceDto } from '@courier/shared/schemas/integrations';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { importSourceFiles, importSources } from '../../db/schema/package-imports';
import { AppError } from '../../lib/errors';
import { claimImport, createImport, runImport } from '../package-imports/package-imports.service';
import { type WebhookPolicy, checkEndpointUrl } from './webhooks.service';

/** How often a folder is read; the job looks every few minutes for folders due. */
export const PICKUP_EVERY_MS = 15 * 60_000;
const LISTING_MAX_BYTES = 1024 * 1024;
const FILE_MAX_BYTES = 10 * 1024 * 1024;

export async function getPickupSource(db: Db, courierId: number): Promise<PickupSourceDto> {
  const [row] = await db.select().from(importSources).where(eq(importSources.courierId, courierId));
  return {
    url: row?.url ?? null,
    active: row?.active ?? false,
    lastCheckedAt: row?.lastCheckedAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
  };
}

export async function savePickupSource(db: Db, policy: WebhookPolicy, courierId: number, input: { url: string; active: boolean }) {
  // The same rule as a webhook endpoint: our server calls it, so never the inside of our network.
  const url = checkEndpointUrl(input.url, policy).toString();
  await db
    .insert(importSources)
    .values({ courierId, url, active: input.active })
    .onConflictDoUpdate({ target: importSources.courierId, set: { url, active: input.active, lastError: null, updatedAt: new Date() } });
  return getPickupSource(db, courierId);
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
export async function pickUp(s: Services, policy: WebhookPolicy, courierId: number) {
  const [source] = await s.db.select().from(importSources).where(eq(importSources.courierId, courierId));
  if (!source) throw new AppError('bad_request', PICKUP_MESSAGES.notConfigured);
  const files: Array<{ name: string; importId: number | null; error: string | null }> = [];
  try {
    const folder = checkEndpointUrl(source.url, policy);
    let listing: Buffer;
    try {
      listing = await fetchCapped(folder, LISTING_MAX_BYTES);
    } catch (e) {
      throw new AppError('bad_request', PICKUP_MESSAGES.folderUnreachable(e instanceof Error ? e.message : 'no answer'));
    }
    for (const file of parseListing(listing.toString('utf8'), folder)) {
      const [taken] = await s.db
        .insert(importSourceFiles)
        .values({ courierId, name: file.name })
        .onConflictDoNothing()
        .returning({ name: importSourceFiles.name });
      if (!taken) continue;
      let importId: number | null = null;
      let error: string | null = null;
      try {
        checkEndpointUrl(file.url.toString(), policy);
        const data = await fetchCapped(file.url, FILE_MAX_BYTES).catch((e: unknown) => {
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
