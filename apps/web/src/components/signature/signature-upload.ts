import {
  SIGNATURE_IMAGE_FIT,
  SIGNATURE_MESSAGES,
  SIGNATURE_UPLOAD_MAX_FILE_BYTES,
  SIGNATURE_UPLOAD_MAX_PIXELS,
  SIGNATURE_UPLOAD_TYPES,
  checkSignatureImage,
  readImageHeader,
} from '@draftwell/shared/share/signature-rules';
import { decodeImage } from './signature-canvas';

export type TUploadResult = { ok: true; image: string } | { ok: false; message: string };

/** `width` × `height` scaled down to fit `max`, keeping its shape; never scaled up. */
export function fitWithin(width: number, height: number, max: { width: number; height: number }) {
  const scale = Math.min(1, max.width / width, max.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Tried in turn until the image fits the size cap: a photo of a signature saved as PNG may need a few. */
export const ENCODE_ATTEMPTS = [
  { scale: 1, quality: 0.9 },
  { scale: 1, quality: 0.8 },
  { scale: 0.75, quality: 0.8 },
  { scale: 0.5, quality: 0.8 },
  { scale: 0.35, quality: 0.75 },
] as const;

const isUploadType = (type: string): boolean => (SIGNATURE_UPLOAD_TYPES as readonly string[]).includes(type);

/**
 * Turns the file a signer chose into the image sent with their signature. The file is judged by
 * its bytes (a renamed file is caught, whatever its name or type says) and its size, then drawn
 * again by the browser: upright as its EXIF says, scaled to fit SIGNATURE_IMAGE_FIT and the
 * size cap, and without its metadata (a phone photo's location stays on the phone). The result
 * passes the same check the server makes.
 */
export async function prepareSignatureUpload(file: File): Promise<TUploadResult> {
  const M = SIGNATURE_MESSAGES;
  if (file.size === 0) return { ok: false, message: M.uploadEmpty };
  if (file.size > SIGNATURE_UPLOAD_MAX_FILE_BYTES) return { ok: false, message: M.uploadFileTooLarge };
  const read = readImageHeader(new Uint8Array(await file.arrayBuffer()));
  if (!read.ok) {
    const message =
      read.problem === 'not_image'
        ? isUploadType(file.type)
          ? M.uploadNotImage
          : M.uploadWrongType
        : read.problem === 'truncated'
          ? M.uploadTruncated
          : M.uploadDamaged;
    return { ok: false, message };
  }
  const { format, width, height } = read.header;
  if (width * height > SIGNATURE_UPLOAD_MAX_PIXELS) return { ok: false, message: M.uploadTooManyPixels };

  let decoded;
  try {
    decoded = await decodeImage(file);
  } catch {
    return { ok: false, message: M.uploadDamaged };
  }
  try {
    const fit = fitWithin(decoded.width, decoded.height, SIGNATURE_IMAGE_FIT);
    let message: string = M.uploadTooLarge;
    for (const { scale, quality } of ENCODE_ATTEMPTS) {
      const size = { width: Math.round(fit.width * scale), height: Math.round(fit.height * scale) };
      const image = size.width > 0 && size.height > 0 ? decoded.encode(size, format, quality) : null;
      if (!image) return { ok: false, message: M.uploadUnreadable };
      const checked = checkSignatureImage(image, 'uploaded');
      if (checked.ok) return { ok: true, image };
      message = checked.message;
      // Only the size is worth another try smaller.
      if (message !== M.uploadTooLarge) break;
    }
    return { ok: false, message };
  } finally {
    decoded.close();
  }
}
