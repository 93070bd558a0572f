import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploads live: files under `uploadsDir/<folder>/<random name>`. The random name (128 bits)
 * is the only handle, so names can never collide or be guessed, and a person's file name never
 * reaches the disk. Behind this small interface an S3-compatible store can replace the disk.
 */
export const UPLOAD_FOLDERS = ['logos', 'rate-sheets'] as const;
/** Private folders: never served by the public files route, only by their owner's guarded routes. */
export const PRIVATE_UPLOAD_FOLDERS = ['pre-alert-invoices', 'claim-proofs', 'ticket-attachments'] as const;
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

export class Storage {
  constructor(private readonly uploadsDir: string) {}

  async save(folder: UploadFolder, data: Buffer, extension: string): Promise<StoredFile> {
    const dir = path.join(this.uploadsDir, folder);
    await mkdir(dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    // `wx`: never overwrite, even in the impossible case of a repeated name.
    await writeFile(path.join(dir, name), data, { flag: 'wx', mode: 0o640 });
    return { folder, name, url: fileUrl(folder, name) };
  }

  /** The bytes of a stored file, or null when the name is not one this storage could have made. */
  async read(folder: UploadFolder, name: string): Promise<Buffer | null> {
    if (!NAME.test(name)) return null;
    try {
      return await readFile(path.join(this.uploadsDir, folder, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Removes a stored file by folder and name (private folders have no public URL); other names are ignored. */
  async remove(folder: UploadFolder, name: string): Promise<void> {
    if (NAME.test(name)) await rm(path.join(this.uploadsDir, folder, name), { force: true });
  }

  /** Removes a file this storage served at `url`; anything else is left alone. */
  async removeByUrl(url: string | null | undefined): Promise<void> {
    const match = url ? /^\/api\/files\/([a-z-]+)\/([^/]+)$/.exec(url) : null;
    if (!match?.[1] || !match[2] || !isUploadFolder(match[1]) || !NAME.test(match[2])) return;
    await rm(path.join(this.uploadsDir, match[1], match[2]), { force: true });
  }
}
