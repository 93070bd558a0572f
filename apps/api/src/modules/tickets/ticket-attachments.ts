import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import {
  TICKET_ATTACHMENT_FIELD,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_MESSAGES,
} from '@courier/shared/schemas/tickets';
import { AppError } from '../../lib/errors';
import { CONTENT_TYPES, type DetectedType, detectFileType } from '../../lib/file-types';
import type { Storage } from '../../lib/storage';

export const TICKET_FOLDER = 'ticket-attachments' as const;
const ALLOWED: readonly DetectedType[] = ['pdf', 'jpg', 'png'];
/** A message of 5,000 characters can take four bytes each in UTF-8. */
const FIELD_BYTES = 32 * 1024;

/** A file received with a ticket or a reply, checked by content but not yet stored. */
export interface IncomingAttachment {
  data: Buffer;
  type: DetectedType;
  /** The person's file name, shown in the thread; never used on disk. */
  originalName: string;
}

/** A stored attachment: the random name on disk and what the thread shows. */
export interface SavedAttachment {
  fileName: string;
  originalName: string;
  size: number;
  contentType: string;
}

/**
 * Keeps a readable file name for the thread: no paths, no control characters, bounded length,
 * and the extension of what the bytes are (a PDF polyglot named evil.html downloads as evil.pdf,
 * so a saved copy never opens as HTML).
 */
export function displayName(raw: string | undefined, type: DetectedType): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'"<>'.includes(c))
    .join('')
    .trim()
    .slice(0, 120);
  if (!clean) return `attachment.${type}`;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  if (extension === type || (type === 'jpg' && extension === 'jpeg')) return clean;
  return `${dot > 0 ? clean.slice(0, dot) : clean}.${type}`;
}

/**
 * Reads a multipart ticket form (text fields validated by the same zod schema as the JSON body,
 * plus up to three files under `attachments`). Everything is checked before anything is stored.
 */
export async function readTicketForm<T>(
  request: FastifyRequest,
  schema: ZodType<T>,
): Promise<{ input: T; attachments: IncomingAttachment[] }> {
  const fields: Record<string, string> = {};
  const files: Array<{ data: Buffer; name: string | undefined }> = [];
  try {
    for await (const part of request.parts({
      // One more file than allowed is let through so the count gets its own message.
      limits: { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: TICKET_ATTACHMENT_MAX_FILES + 1, fields: 10, fieldSize: FIELD_BYTES },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== TICKET_ATTACHMENT_FIELD) {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        // A browser sends an empty part for an empty file input.
        if (data.length > 0 || part.filename) files.push({ data, name: part.filename });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', TICKET_MESSAGES.attachmentSize);
    if (code === 'FST_FILES_LIMIT') throw new AppError('bad_request', TICKET_MESSAGES.attachmentCount);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('bad_request', 'Too many fields in the form');
    throw error;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError('bad_request', first?.message ?? 'Invalid form');
  }
  if (files.length > TICKET_ATTACHMENT_MAX_FILES) throw new AppError('bad_request', TICKET_MESSAGES.attachmentCount);
  const attachments = files.map((f) => {
    if (f.data.length > TICKET_ATTACHMENT_MAX_BYTES) throw new AppError('payload_too_large', TICKET_MESSAGES.attachmentSize);
    const type = detectFileType(f.data);
    if (!type || !ALLOWED.includes(type)) throw new AppError('unsupported_media_type', TICKET_MESSAGES.attachmentType);
    return { data: f.data, type, originalName: displayName(f.name, type) };
  });
  return { input: parsed.data, attachments };
}

/** Stores checked files in the private tickets folder; on any failure the ones already written go. */
export async function saveAttachments(storage: Storage, incoming: IncomingAttachment[]): Promise<SavedAttachment[]> {
  const saved: SavedAttachment[] = [];
  try {
    for (const file of incoming) {
      const stored = await storage.save(TICKET_FOLDER, file.data, file.type);
      saved.push({ fileName: stored.name, originalName: file.originalName, size: file.data.length, contentType: CONTENT_TYPES[file.type] });
    }
  } catch (error) {
    await removeAttachments(storage, saved);
    throw error;
  }
  return saved;
}

export async function removeAttachments(storage: Storage, saved: SavedAttachment[]): Promise<void> {
  await Promise.all(saved.map((s) => storage.remove(TICKET_FOLDER, s.fileName)));
}

/** Where the API serves an attachment: under its ticket, so the ticket's guard decides who reads it. */
export function attachmentUrl(ticketId: number, fileName: string): string {
  return `/api/tickets/${ticketId}/attachments/${fileName}`;
}
