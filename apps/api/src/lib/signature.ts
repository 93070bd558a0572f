import { AppError } from './errors';
import { detectFileType } from './file-types';

/**
 * A signature pad's "data:image/png;base64,..." -> the PNG bytes, refused with `invalidMessage`
 * unless the bytes really are a PNG (the schema only checks the shape of the text).
 */
export function signaturePng(dataUrl: string, invalidMessage: string): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (detectFileType(bytes) !== 'png') throw new AppError('bad_request', invalidMessage, { signature: [invalidMessage] });
  return bytes;
}
