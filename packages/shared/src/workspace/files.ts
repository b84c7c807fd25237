import { formatNumber } from '../i18n/format';

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

/** The messages a person sees, the same whether the browser or the server refuses. */
export const UPLOAD_MESSAGES = {
  tooLarge: 'That file is larger than 2 MB. Choose a smaller image, or export it at a lower resolution.',
  wrongType: 'Upload a PNG, JPEG or WebP image.',
  tooManyPixels: `That image is too big to process: use at most ${formatNumber(UPLOAD_MAX_SIDE, 'en-US')} pixels on a side and ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels in all.`,
  empty: 'That file is empty. Choose an image to upload.',
  missing: 'Choose an image to upload.',
} as const;

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
