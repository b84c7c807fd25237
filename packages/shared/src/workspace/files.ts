import { moneyLocale } from '../document/locale';
import { formatNumber } from '../i18n/format';
import type { I18n } from '../i18n/i18n';

/**
 * Uploaded images (logos, pictures in proposals): the limits both sides check and the file the
 * API answers. The server decides from the bytes alone; the browser's checks only save a trip.
 */

/** The largest file accepted, in bytes (A14). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** What an upload may be; every image is re-encoded in its own format. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type TUploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** Width × height cap: a small file may announce a huge image (a decompression bomb). */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/** Longest side accepted, in pixels. */
export const UPLOAD_MAX_SIDE = 10_000;

/** Logos are scaled down to fit this many pixels on their longest side. */
export const LOGO_MAX_SIDE = 1024;

export const UPLOAD_PURPOSES = ['image', 'logo'] as const;
export type TUploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Why an upload is refused: the server and the browser say it with `uploadMessage`. */
export type TUploadProblem = 'tooLarge' | 'wrongType' | 'tooManyPixels' | 'empty' | 'missing';

/**
 * The message a person sees, the same whether the browser or the server refuses, in `i18n`'s
 * language (the server's API answers in English), its numbers written for `locale`.
 */
export function uploadMessage(i18n: I18n, problem: TUploadProblem, locale = moneyLocale(i18n.locale)): string {
  switch (problem) {
    case 'tooLarge':
      return i18n._('That file is larger than 2 MB. Choose a smaller image, or export it at a lower resolution.');
    case 'wrongType':
      return i18n._('Upload a PNG, JPEG or WebP image.');
    case 'tooManyPixels':
      return i18n._(
        'That image is too big to process: use at most {side} pixels on a side and {megapixels} megapixels in all.',
        {
          side: formatNumber(UPLOAD_MAX_SIDE, locale),
          megapixels: formatNumber(UPLOAD_MAX_PIXELS / 1_000_000, locale),
        },
      );
    case 'empty':
      return i18n._('That file is empty. Choose an image to upload.');
    case 'missing':
      return i18n._('Choose an image to upload.');
  }
}

export type TUploadedFile = {
  id: string;
  /** Where the owner's browser fetches it: `/api/files/<id>`. */
  url: string;
  /** The type of the stored, re-encoded bytes. */
  contentType: string;
  size: number;
  width: number;
  height: number;
  createdAt: string;
};

export const fileUrl = (id: string) => `/api/files/${id}`;
