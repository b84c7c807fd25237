import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '@draftwell/shared/workspace/files';
import { sniffImage } from '../storage/image';
import type { TPdfImage, TPdfWorkerImage } from './pdf-types';

/** Longest side drawn, in pixels: sharp on A4 at 150 dpi, and a bounded decode in the worker. */
const MAX_SIDE = 2000;

/**
 * Readies the caller's images for the worker, on the main thread but off its event loop (sharp
 * works on libuv's pool): the kind is taken from the bytes, never the declared type; PNG and JPEG
 * of a sensible size pass as they are; WebP (which the PDF cannot hold) and very large images
 * are re-encoded to PNG (JPEG stays JPEG) no larger than MAX_SIDE. An image that cannot be read
 * is left out, and the document shows its alt text instead.
 */
export async function preparePdfImages(images: Record<string, TPdfImage>): Promise<Record<string, TPdfWorkerImage>> {
  const entries = await Promise.all(
    Object.entries(images).map(async ([id, image]): Promise<[string, TPdfWorkerImage] | null> => {
      if (!(image?.data instanceof Uint8Array)) return null;
      const kind = sniffImage(image.data);
      if (!kind) return null;
      try {
        const input = sharp(image.data, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' });
        const { width, height } = await input.metadata();
        if (!width || !height) return null;
        if (kind.format !== 'webp' && width <= MAX_SIDE && height <= MAX_SIDE) {
          return [id, { data: image.data }];
        }
        const resized = input.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
        const encoded = kind.format === 'jpeg' ? resized.jpeg({ quality: 85 }) : resized.png();
        return [id, { data: await encoded.toBuffer() }];
      } catch {
        return null;
      }
    }),
  );
  // fromEntries defines own properties: a "__proto__" key cannot reach the prototype.
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}
