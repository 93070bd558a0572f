import type { FastifyReply, FastifyRequest } from 'fastify';
import { INVOICE_MAX_BYTES } from '@courier/shared/constants/packages';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { type DetectedType, detectFileType } from './file-types';
import { AppError } from './errors';

export interface UploadRules {
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  allowed: readonly DetectedType[];
  messages: { missing: string; tooLarge: string; wrongType: string };
}

/** The commercial invoice a customer or clerk attaches to a pre-alert or a package. */
export const INVOICE_UPLOAD: UploadRules = {
  field: 'invoice',
  maxBytes: INVOICE_MAX_BYTES,
  allowed: ['pdf', 'jpg', 'png'],
  messages: {
    missing: PACKAGE_MESSAGES.invoiceMissing,
    tooLarge: PACKAGE_MESSAGES.invoiceTooLarge,
    wrongType: PACKAGE_MESSAGES.invoiceWrongType,
  },
};

export interface Upload {
  data: Buffer;
  type: DetectedType;
  /** The other (text) fields of the form. */
  fields: Record<string, string>;
}

/**
 * Reads one multipart upload into memory (the limits keep that small), with its text fields.
 * The file's type is decided by its bytes; the name and the browser's content type are ignored.
 */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('bad_request', rules.messages.missing);
  const fields: Record<string, string> = {};
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: 10, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== rules.field || data) {
          part.file.resume();
          continue;
        }
        data = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', rules.messages.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('bad_request', 'Too many fields in the upload');
    }
    throw error;
  }
  if (!data || data.length === 0) throw new AppError('bad_request', rules.messages.missing);
  if (data.length > rules.maxBytes) throw new AppError('payload_too_large', rules.messages.tooLarge);
  const type = detectFileType(data);
  if (!type || !rules.allowed.includes(type)) throw new AppError('unsupported_media_type', rules.messages.wrongType);
  return { data, type, fields };
}

/** A private upload answered as an attachment that no browser runs. */
export function sendPrivateFile(reply: FastifyReply, file: { data: Buffer; mime: string; name: string }) {
  return reply
    .type(file.mime)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
    .send(file.data);
}

/**
 * The one file of a multipart request (a spreadsheet or CSV, whose type its reader decides),
 * refused in our words when missing, empty or too large.
 */
export async function readOneFile(
  request: FastifyRequest,
  rules: { maxBytes: number; missing: string; tooLarge: string },
): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('bad_request', rules.missing);
  let file: Awaited<ReturnType<typeof request.file>>;
  try {
    file = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
  } catch {
    throw new AppError('bad_request', rules.missing);
  }
  if (!file) throw new AppError('bad_request', rules.missing);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', rules.tooLarge);
    throw error;
  }
  if (data.length === 0) throw new AppError('bad_request', rules.missing);
  return data;
}
