import sharp from 'sharp';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  UPLOAD_MAX_SIDE,
  uploadMessage,
  type TUploadImageType,
} from '@draftwell/shared/workspace/files';
import { AppError } from '../lib/app-error';
import { serverI18n } from '../lib/i18n';

/**
 * An image whose header announces more pixels than we decode: refused with 422 before any
 * pixel is read. Its code stays `too_large` (the image is too big); only the status differs
 * from a file over the byte limit.
 */
export class ImageTooBigError extends AppError {
  override readonly status: number = 422;
  constructor() {
    // The API answers in English (its contract).
    super('too_large', uploadMessage(serverI18n('en'), 'tooManyPixels'));
  }
}

type TImageKind = { type: TUploadImageType; format: 'png' | 'jpeg' | 'webp'; ext: 'png' | 'jpg' | 'webp' };

const PNG: TImageKind = { type: 'image/png', format: 'png', ext: 'png' };
const JPEG: TImageKind = { type: 'image/jpeg', format: 'jpeg', ext: 'jpg' };
const WEBP: TImageKind = { type: 'image/webp', format: 'webp', ext: 'webp' };

const startsWith = (bytes: Uint8Array, at: number, magic: readonly number[]) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

/** The kind of image the first bytes say this is; the file name and declared type are never asked. */
export function sniffImage(bytes: Uint8Array): TImageKind | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return JPEG;
  // RIFF <size> WEBP
  if (startsWith(bytes, 0, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, 8, [0x57, 0x45, 0x42, 0x50])) return WEBP;
  return null;
}

export type TProcessedImage = {
  bytes: Buffer;
  contentType: TUploadImageType;
  ext: TImageKind['ext'];
  width: number;
  height: number;
};

const wrongType = () => new AppError('unsupported_media_type', uploadMessage(serverI18n('en'), 'wrongType'));
const unreadable = () =>
  new AppError(
    'unsupported_media_type',
    'That image looks damaged and could not be read. Upload a PNG, JPEG or WebP image.',
  );

/**
 * Checks an upload from its bytes and re-encodes it in its own format: oriented from EXIF, every
 * piece of metadata (EXIF, GPS, ICC, comments) left out. The pixel cap is checked on the header's
 * dimensions first, and enforced again by sharp while decoding.
 */
export async function processImage(input: Uint8Array, opts: { maxSide?: number } = {}): Promise<TProcessedImage> {
  if (input.byteLength > UPLOAD_MAX_BYTES) throw new AppError('too_large', uploadMessage(serverI18n('en'), 'tooLarge'));
  const kind = sniffImage(input);
  if (!kind) throw wrongType();

  // The header only (no pixel is decoded here), so sharp's own limit is ours to check below.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (meta.format !== kind.format) throw wrongType();
  const { width, height } = meta;
  if (!width || !height) throw unreadable();
  if (width > UPLOAD_MAX_SIDE || height > UPLOAD_MAX_SIDE || width * height > UPLOAD_MAX_PIXELS) {
    throw new ImageTooBigError();
  }

  let pipeline = sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' }).autoOrient();
  if (opts.maxSide) {
    pipeline = pipeline.resize({
      width: opts.maxSide,
      height: opts.maxSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  pipeline =
    kind.format === 'png'
      ? pipeline.png()
      : kind.format === 'jpeg'
        ? pipeline.jpeg({ quality: 85 })
        : pipeline.webp({ quality: 85 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: kind.type, ext: kind.ext, width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}
