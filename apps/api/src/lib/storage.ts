import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { type BlobStore, s3BlobStore } from './s3-store';

/**
 * Where uploads live: files under `uploadsDir/<folder>/<random name>`. The random name (128 bits)
 * is the only handle, so names can never collide or be guessed, and a person's file name never
 * reaches the disk. With STORAGE_URL=s3://bucket[/prefix] the same keys (`<folder>/<name>`) live in
 * an S3-compatible store instead, so every replica sees every upload.
 */
export const UPLOAD_FOLDERS = ['logos', 'rate-sheets'] as const;
/** Private folders: never served by the public files route, only by their owner's guarded routes. */
export const PRIVATE_UPLOAD_FOLDERS = [
  'pre-alert-invoices',
  'claim-proofs',
  'ticket-attachments',
  'delivery-proofs',
  'package-photos',
  'claim-photos',
] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number] | (typeof PRIVATE_UPLOAD_FOLDERS)[number];

const NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

export interface StoredFile {
  folder: UploadFolder;
  name: string;
  /** The URL the API serves it under. */
  url: string;
}

export function isUploadFolder(value: string): value is UploadFolder {
  return (UPLOAD_FOLDERS as readonly string[]).includes(value);
}

export function fileUrl(folder: UploadFolder, name: string): string {
  return `/api/files/${folder}/${name}`;
}

/** The local directory: the default, for one process (or a volume every replica mounts). */
function diskBlobStore(uploadsDir: string): BlobStore {
  return {
    async put(key, data) {
      const file = path.join(uploadsDir, key);
      await mkdir(path.dirname(file), { recursive: true });
      // `wx`: never overwrite, even in the impossible case of a repeated name.
      await writeFile(file, data, { flag: 'wx', mode: 0o640 });
    },
    async get(key) {
      try {
        return await readFile(path.join(uploadsDir, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(path.join(uploadsDir, key), { force: true });
    },
  };
}

export class Storage {
  private readonly store: BlobStore;

  constructor(config: Pick<Config, 'uploadsDir' | 'STORAGE_URL' | 'S3_ENDPOINT'>) {
    this.store = config.STORAGE_URL ? s3BlobStore(config.STORAGE_URL, config.S3_ENDPOINT) : diskBlobStore(config.uploadsDir);
  }

  async save(folder: UploadFolder, data: Buffer, extension: string): Promise<StoredFile> {
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await this.store.put(`${folder}/${name}`, data);
    return { folder, name, url: fileUrl(folder, name) };
  }

  /** The bytes of a stored file, or null when the name is not one this storage could have made. */
  async read(folder: UploadFolder, name: string): Promise<Buffer | null> {
    if (!NAME.test(name)) return null;
    return this.store.get(`${folder}/${name}`);
  }

  /** Whether this storage is remote (and so checked by /api/ready). */
  get remote(): boolean {
    return this.store.ping !== undefined;
  }

  /** Rejects when a remote store cannot be reached; the local disk always answers. */
  async ping(): Promise<void> {
    await this.store.ping?.();
  }

  /** Removes a stored file by folder and name (private folders have no public URL); other names are ignored. */
  async remove(folder: UploadFolder, name: string): Promise<void> {
    if (NAME.test(name)) await this.store.remove(`${folder}/${name}`);
  }

  /** Removes a file this storage served at `url`; anything else is left alone. */
  async removeByUrl(url: string | null | undefined): Promise<void> {
    const match = url ? /^\/api\/files\/([a-z-]+)\/([^/]+)$/.exec(url) : null;
    if (!match?.[1] || !match[2] || !isUploadFolder(match[1]) || !NAME.test(match[2])) return;
    await this.store.remove(`${match[1]}/${match[2]}`);
  }
}
