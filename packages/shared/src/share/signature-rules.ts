import { formatNumber } from '../i18n/format';
import type { I18n } from '../i18n/i18n';

/**
 * The rules of a signature mark (issue 15), without zod: the client's page checks a signer's
 * upload and drawing with them (it never loads zod, QUALITY P8), and `signature.ts` builds the
 * schemas the server parses with from the same functions, so both sides say the same thing.
 *
 * An image travels as a data URL inside the acceptance's JSON. It is checked from its bytes:
 * strict base64, then the PNG or JPEG structure (signature, chunks or segments, the declared
 * size), never from the type the data URL names alone.
 */

export const SIGNATURE_METHODS = ['typed', 'drawn', 'uploaded'] as const;
export type TSignatureMethod = (typeof SIGNATURE_METHODS)[number];
/** A way of signing as its tab names it, in the reader's language: "Type". */
export function signatureMethodLabel(i18n: I18n, method: TSignatureMethod): string {
  switch (method) {
    case 'typed':
      return i18n._('Type');
    case 'drawn':
      return i18n._('Draw');
    case 'uploaded':
      return i18n._('Upload');
  }
}

/** The ways a signer is offered, in the order Type, Draw, Upload; all three when none is allowed. */
export function offeredMethods(allowed: readonly TSignatureMethod[]): TSignatureMethod[] {
  const listed = SIGNATURE_METHODS.filter((m) => allowed.includes(m));
  return listed.length > 0 ? listed : [...SIGNATURE_METHODS];
}

export type TSignatureImageKind = Exclude<TSignatureMethod, 'typed'>;
export type TSignatureImageFormat = 'png' | 'jpeg';

/** A typed signature is a name: the same length the acceptance allows less its long tail. */
export const SIGNATURE_TEXT_MAX = 100;

/**
 * The largest image, decoded: 256 KiB. Its data URL is about 350,000 characters, which leaves most
 * of the API's 1 MB JSON limit to the rest of an acceptance even with a few signers; a trimmed
 * drawing is 5–40 kB and a signature cropped from a scan or a photo and scaled to fit
 * SIGNATURE_IMAGE_FIT fits well under it, so the cap only refuses what is not a signature.
 */
export const SIGNATURE_IMAGE_MAX_BYTES = 256 * 1024;
/** Pixel bounds of a stored image: more than a signature block shows at print resolution. */
export const SIGNATURE_IMAGE_MAX_WIDTH = 2000;
export const SIGNATURE_IMAGE_MAX_HEIGHT = 1000;
/** Fewer pixels than this on a side is a dot or a line, not a signature. */
export const SIGNATURE_IMAGE_MIN_SIDE = 8;
/** What the browser scales a drawing or an upload down to before sending it. */
export const SIGNATURE_IMAGE_FIT = { width: 1200, height: 600 } as const;
/** The file a signer may choose to upload: the browser scales it down to fit before sending. */
export const SIGNATURE_UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const SIGNATURE_UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
/** Width × height of a chosen file the browser will decode to scale it: more is a decompression bomb. */
export const SIGNATURE_UPLOAD_MAX_PIXELS = 40_000_000;

const DATA_URL_PREFIX: Record<TSignatureImageFormat, string> = {
  png: 'data:image/png;base64,',
  jpeg: 'data:image/jpeg;base64,',
};
/** Base64 characters of the largest image. */
const MAX_BASE64_CHARS = Math.ceil(SIGNATURE_IMAGE_MAX_BYTES / 3) * 4;

const kb = (bytes: number) => `${Math.round(bytes / 1024)} kB`;
// The message is English, so its numbers are written the English way.
const px = (width: number, height: number) =>
  `${formatNumber(width, 'en-US')} × ${formatNumber(height, 'en-US')} pixels`;

/** What a signer reads, the same from the browser's check and the server's. */
export const SIGNATURE_MESSAGES = {
  chooseMethod: 'Choose how to sign: type your name, draw your signature or upload an image of it.',
  typedMissing: 'Type your name to sign.',
  typedTooLong: `Use at most ${SIGNATURE_TEXT_MAX} characters for your signature.`,
  typedControl: 'Type your name on one line, without tabs or other control characters.',
  drawnMissing: 'Draw your signature in the box first, or choose another way to sign.',
  drawnUnreadable: 'The drawing could not be read. Clear it and draw your signature again.',
  drawnTooLarge: 'The drawing is too large to keep. Clear it and draw your signature again.',
  drawnTooSmall: 'That is too small to be a signature. Sign across the box.',
  uploadMissing: 'Choose an image of your signature to upload.',
  uploadEmpty: 'That file is empty. Choose an image of your signature to upload.',
  uploadWrongType: 'Upload your signature as a PNG or JPEG image.',
  uploadNotImage: 'That file is not a PNG or JPEG image, whatever its name says. Save it as PNG or JPEG and try again.',
  uploadUnreadable: 'That image could not be read. Choose the file again.',
  uploadTruncated: 'That image is incomplete: the file looks cut off. Save or export it again, then upload it.',
  uploadDamaged: 'That image looks damaged and cannot be shown. Save or export it again, then upload it.',
  uploadUnsupported: 'That image is saved in a way it cannot be shown. Save it again as an ordinary PNG or JPEG.',
  uploadTooLarge: `That image is larger than ${kb(SIGNATURE_IMAGE_MAX_BYTES)}. Crop it closer to your signature, or save it smaller.`,
  uploadFileTooLarge: `That file is larger than ${SIGNATURE_UPLOAD_MAX_FILE_BYTES / (1024 * 1024)} MB. Choose a smaller image of your signature.`,
  uploadTooManyPixels: `That image has too many pixels to open (more than ${SIGNATURE_UPLOAD_MAX_PIXELS / 1_000_000} megapixels). Crop it to your signature, or save it smaller.`,
  uploadTooBig: (width: number, height: number) =>
    `That image is ${px(width, height)}; a signature may be at most ${px(SIGNATURE_IMAGE_MAX_WIDTH, SIGNATURE_IMAGE_MAX_HEIGHT)}. Crop or scale it down.`,
  uploadTooSmall: (width: number, height: number) =>
    `That image is only ${px(width, height)}; a signature needs at least ${SIGNATURE_IMAGE_MIN_SIDE} pixels on each side.`,
  methodNotAllowed: (allowed: readonly TSignatureMethod[]) =>
    `This proposal can be signed only by ${listMethods(allowed)}.`,
} as const;

/**
 * A message of SIGNATURE_MESSAGES (from the browser's check or in the server's answer, both
 * English) in the reader's language. The messages that carry numbers of an image's own
 * (uploadTooBig, uploadTooSmall) or a list of ways (methodNotAllowed), and any other text, stay
 * as they are.
 */
export function translateSignatureMessage(i18n: I18n, message: string): string {
  const M = SIGNATURE_MESSAGES;
  switch (message) {
    case M.chooseMethod:
      return i18n._('Choose how to sign: type your name, draw your signature or upload an image of it.');
    case M.typedMissing:
      return i18n._('Type your name to sign.');
    case M.typedTooLong:
      return i18n._('Use at most {count} characters for your signature.', { count: SIGNATURE_TEXT_MAX });
    case M.typedControl:
      return i18n._('Type your name on one line, without tabs or other control characters.');
    case M.drawnMissing:
      return i18n._('Draw your signature in the box first, or choose another way to sign.');
    case M.drawnUnreadable:
      return i18n._('The drawing could not be read. Clear it and draw your signature again.');
    case M.drawnTooLarge:
      return i18n._('The drawing is too large to keep. Clear it and draw your signature again.');
    case M.drawnTooSmall:
      return i18n._('That is too small to be a signature. Sign across the box.');
    case M.uploadMissing:
      return i18n._('Choose an image of your signature to upload.');
    case M.uploadEmpty:
      return i18n._('That file is empty. Choose an image of your signature to upload.');
    case M.uploadWrongType:
      return i18n._('Upload your signature as a PNG or JPEG image.');
    case M.uploadNotImage:
      return i18n._(
        'That file is not a PNG or JPEG image, whatever its name says. Save it as PNG or JPEG and try again.',
      );
    case M.uploadUnreadable:
      return i18n._('That image could not be read. Choose the file again.');
    case M.uploadTruncated:
      return i18n._('That image is incomplete: the file looks cut off. Save or export it again, then upload it.');
    case M.uploadDamaged:
      return i18n._('That image looks damaged and cannot be shown. Save or export it again, then upload it.');
    case M.uploadUnsupported:
      return i18n._('That image is saved in a way it cannot be shown. Save it again as an ordinary PNG or JPEG.');
    case M.uploadTooLarge:
      return i18n._('That image is larger than {size} kB. Crop it closer to your signature, or save it smaller.', {
        size: Math.round(SIGNATURE_IMAGE_MAX_BYTES / 1024),
      });
    case M.uploadFileTooLarge:
      return i18n._('That file is larger than {size} MB. Choose a smaller image of your signature.', {
        size: SIGNATURE_UPLOAD_MAX_FILE_BYTES / (1024 * 1024),
      });
    case M.uploadTooManyPixels:
      return i18n._(
        'That image has too many pixels to open (more than {count} megapixels). Crop it to your signature, or save it smaller.',
        { count: SIGNATURE_UPLOAD_MAX_PIXELS / 1_000_000 },
      );
    default:
      return message;
  }
}

const METHOD_PHRASES: Record<TSignatureMethod, string> = {
  typed: 'typing your name',
  drawn: 'drawing your signature',
  uploaded: 'uploading an image of your signature',
};

function listMethods(methods: readonly TSignatureMethod[]): string {
  const phrases = methods.map((m) => METHOD_PHRASES[m]);
  return phrases.length <= 1 ? (phrases[0] ?? '') : `${phrases.slice(0, -1).join(', ')} or ${phrases.at(-1)}`;
}

/** Null when the mark's way of signing is one the proposal allows, else the message saying which are. */
export function checkSignatureMethod(
  method: TSignatureMethod,
  allowed: readonly TSignatureMethod[] = SIGNATURE_METHODS,
): string | null {
  return allowed.includes(method) ? null : SIGNATURE_MESSAGES.methodNotAllowed(allowed);
}

// ---------------------------------------------------------------------------------------- typed

const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Null for a usable typed signature (already trimmed), else what to fix. */
export function checkTypedSignature(text: string): string | null {
  if (text.length === 0) return SIGNATURE_MESSAGES.typedMissing;
  if ([...text].length > SIGNATURE_TEXT_MAX) return SIGNATURE_MESSAGES.typedTooLong;
  if (CONTROL.test(text)) return SIGNATURE_MESSAGES.typedControl;
  return null;
}

// --------------------------------------------------------------------------------------- base64

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = (() => {
  const values = new Int8Array(128).fill(-1);
  for (let i = 0; i < BASE64_ALPHABET.length; i++) values[BASE64_ALPHABET.charCodeAt(i)] = i;
  return values;
})();

const base64Value = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code < 128 ? BASE64_VALUES[code]! : -1;
};

/**
 * Strict, canonical base64 (RFC 4648 §4, no line breaks, no URL alphabet): a length that is a
 * multiple of four, padding only at the end, and the unused bits before it zero, so one byte
 * string has exactly one spelling. Null for anything else.
 */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const last = i + 4 === text.length;
    const a = base64Value(text, i);
    const b = base64Value(text, i + 1);
    const c = last && padding === 2 ? 0 : base64Value(text, i + 2);
    const d = last && padding >= 1 ? 0 : base64Value(text, i + 3);
    if ((a | b | c | d) < 0) return null;
    if (last && padding === 2 && (b & 0x0f) !== 0) return null;
    if (last && padding === 1 && (c & 0x03) !== 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = (n >> 16) & 0xff;
    if (o < out.length) out[o++] = (n >> 8) & 0xff;
    if (o < out.length) out[o++] = n & 0xff;
  }
  return out;
}

// ---------------------------------------------------------------------------------- image bytes

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, as PNG chunks carry it) of bytes[start, end). */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export type TImageHeader =
  | {
      format: 'png';
      width: number;
      height: number;
      bitDepth: number;
      /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
      colorType: number;
      interlaced: boolean;
    }
  | {
      format: 'jpeg';
      width: number;
      height: number;
      /** The frame's start-of-frame marker: 0xc0 baseline, 0xc1 extended, 0xc2 progressive… */
      frame: number;
      precision: number;
      components: number;
    };

/** Why bytes are not a readable image: not one at all, cut short, or broken inside. */
export type TImageProblem = 'not_image' | 'truncated' | 'damaged';
export type TImageRead = { ok: true; header: TImageHeader } | { ok: false; problem: TImageProblem };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** Bit depths each PNG colour type allows (PNG spec, 11.2.2). */
const PNG_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_MAX_DIMENSION = 0x7fffffff;

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

const fail = (problem: TImageProblem): TImageRead => ({ ok: false, problem });

/**
 * Walks a PNG's chunks from the signature to IEND: each one whole and with a good CRC, IHDR
 * first and valid, at least one IDAT, IEND last with nothing after it. The pixels themselves
 * are not inflated here.
 */
function readPng(bytes: Uint8Array): TImageRead {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at: number = PNG_MAGIC.length;
  let header: TImageHeader | null = null;
  let sawData = false;
  for (;;) {
    if (at + 12 > bytes.length) return fail('truncated');
    const length = view.getUint32(at);
    if (length > PNG_MAX_DIMENSION) return fail('damaged');
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (!/^[A-Za-z]{4}$/.test(type)) return fail('damaged');
    const dataStart = at + 8;
    const end = dataStart + length + 4;
    if (end > bytes.length) return fail('truncated');
    if (crc32(bytes, at + 4, dataStart + length) !== view.getUint32(dataStart + length)) return fail('damaged');

    if (header === null) {
      if (type !== 'IHDR' || length !== 13) return fail('damaged');
      const width = view.getUint32(dataStart);
      const height = view.getUint32(dataStart + 4);
      const bitDepth = bytes[dataStart + 8]!;
      const colorType = bytes[dataStart + 9]!;
      const [compression, filter, interlace] = [bytes[dataStart + 10], bytes[dataStart + 11], bytes[dataStart + 12]];
      if (width === 0 || height === 0 || width > PNG_MAX_DIMENSION || height > PNG_MAX_DIMENSION)
        return fail('damaged');
      if (!PNG_DEPTHS[colorType]?.includes(bitDepth)) return fail('damaged');
      if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return fail('damaged');
      header = { format: 'png', width, height, bitDepth, colorType, interlaced: interlace === 1 };
    } else if (type === 'IHDR') {
      return fail('damaged');
    } else if (type === 'IDAT') {
      sawData = true;
    } else if (type === 'IEND') {
      if (length !== 0 || !sawData || end !== bytes.length) return fail('damaged');
      return { ok: true, header };
    }
    at = end;
  }
}

/** Start-of-frame markers; 0xc4 (DHT), 0xc8 (JPG) and 0xcc (DAC) share the range but are not frames. */
const isFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Markers that stand alone, without a length: RSTn and TEM. */
const isStandalone = (m: number) => (m >= 0xd0 && m <= 0xd7) || m === 0x01;

/**
 * Walks a JPEG's segments from SOI to its first frame header (SOF), which gives the size, and
 * checks the file ends with EOI: a photo cut off in transfer does not.
 */
function readJpeg(bytes: Uint8Array): TImageRead {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ended = bytes.length >= 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  let at = 2;
  for (;;) {
    if (at >= bytes.length) return fail('truncated');
    if (bytes[at] !== 0xff) return fail('damaged');
    // Any number of 0xff may pad before a marker.
    while (at < bytes.length && bytes[at] === 0xff) at++;
    if (at >= bytes.length) return fail('truncated');
    const marker = bytes[at++]!;
    if (isStandalone(marker)) continue;
    // A second SOI, a stuffed zero, an image or scan before any frame: not a well-formed file.
    if (marker === 0x00 || marker === 0xd8 || marker === 0xd9 || marker === 0xda) return fail('damaged');
    if (at + 2 > bytes.length) return fail('truncated');
    const length = view.getUint16(at);
    if (length < 2) return fail('damaged');
    if (at + length > bytes.length) return fail('truncated');
    if (isFrameMarker(marker)) {
      if (length < 8) return fail('damaged');
      const precision = bytes[at + 2]!;
      const height = view.getUint16(at + 3);
      const width = view.getUint16(at + 5);
      const components = bytes[at + 7]!;
      if (width === 0 || height === 0 || components === 0 || length !== 8 + 3 * components) return fail('damaged');
      if (!ended) return fail('truncated');
      return { ok: true, header: { format: 'jpeg', width, height, frame: marker, precision, components } };
    }
    at += length;
  }
}

/**
 * What the bytes are, read from their structure: PNG or JPEG with its pixel size, or why not.
 * Reads headers only, so a file that announces a huge image costs nothing to refuse.
 */
export function readImageHeader(bytes: Uint8Array): TImageRead {
  if (startsWith(bytes, PNG_MAGIC)) return readPng(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return readJpeg(bytes);
  return fail('not_image');
}

/**
 * Kinds of PNG and JPEG every browser and the PDF renderer draw the same: 8 bits per sample,
 * PNG not interlaced, JPEG baseline or progressive Huffman with grey or colour (not CMYK).
 * The browser writes drawings and scaled uploads this way; anything else was made by hand.
 */
function drawable(header: TImageHeader): boolean {
  if (header.format === 'png') return header.bitDepth <= 8 && !header.interlaced;
  return (
    (header.frame === 0xc0 || header.frame === 0xc1 || header.frame === 0xc2) &&
    header.precision === 8 &&
    (header.components === 1 || header.components === 3)
  );
}

export type TSignatureImageCheck =
  | { ok: true; format: TSignatureImageFormat; width: number; height: number; bytes: Uint8Array }
  | { ok: false; message: string };

const refuse = (message: string): TSignatureImageCheck => ({ ok: false, message });

/**
 * Checks an image's bytes as a stored signature of this kind: a drawing is a PNG, an upload a PNG
 * or JPEG; the size, the structure and the pixel bounds. `declared` is the format its data URL
 * named, which the bytes must match.
 */
export function checkSignatureImageBytes(
  bytes: Uint8Array,
  kind: TSignatureImageKind,
  declared?: TSignatureImageFormat,
): TSignatureImageCheck {
  const drawn = kind === 'drawn';
  const M = SIGNATURE_MESSAGES;
  if (bytes.length === 0) return refuse(drawn ? M.drawnMissing : M.uploadMissing);
  if (bytes.length > SIGNATURE_IMAGE_MAX_BYTES) return refuse(drawn ? M.drawnTooLarge : M.uploadTooLarge);
  const read = readImageHeader(bytes);
  if (!read.ok) {
    if (drawn) return refuse(M.drawnUnreadable);
    return refuse(
      read.problem === 'not_image'
        ? M.uploadNotImage
        : read.problem === 'truncated'
          ? M.uploadTruncated
          : M.uploadDamaged,
    );
  }
  const { header } = read;
  if ((declared && header.format !== declared) || (drawn && header.format !== 'png')) {
    return refuse(drawn ? M.drawnUnreadable : M.uploadNotImage);
  }
  if (!drawable(header)) return refuse(drawn ? M.drawnUnreadable : M.uploadUnsupported);
  const { width, height } = header;
  if (width > SIGNATURE_IMAGE_MAX_WIDTH || height > SIGNATURE_IMAGE_MAX_HEIGHT) {
    return refuse(drawn ? M.drawnTooLarge : M.uploadTooBig(width, height));
  }
  if (width < SIGNATURE_IMAGE_MIN_SIDE || height < SIGNATURE_IMAGE_MIN_SIDE) {
    return refuse(drawn ? M.drawnTooSmall : M.uploadTooSmall(width, height));
  }
  return { ok: true, format: header.format, width, height, bytes };
}

/**
 * Checks a signature image as it travels, a data URL: `data:image/png;base64,…` (a drawing, or
 * an upload) or `data:image/jpeg;base64,…` (an upload), in strict base64, then its bytes (see
 * checkSignatureImageBytes). On success the decoded bytes come back for the caller to keep or
 * draw. `data:,` is what a browser exports for a canvas with nothing on it.
 */
export function checkSignatureImage(dataUrl: string, kind: TSignatureImageKind): TSignatureImageCheck {
  const drawn = kind === 'drawn';
  const M = SIGNATURE_MESSAGES;
  if (dataUrl === '' || dataUrl === 'data:,') return refuse(drawn ? M.drawnMissing : M.uploadMissing);
  const format = (['png', 'jpeg'] as const).find((f) => dataUrl.startsWith(DATA_URL_PREFIX[f]));
  if (!format || (drawn && format !== 'png')) return refuse(drawn ? M.drawnUnreadable : M.uploadWrongType);
  const payload = dataUrl.slice(DATA_URL_PREFIX[format].length);
  if (payload.length === 0) return refuse(drawn ? M.drawnMissing : M.uploadMissing);
  // Refused by its length before a byte is decoded.
  if (payload.length > MAX_BASE64_CHARS) return refuse(drawn ? M.drawnTooLarge : M.uploadTooLarge);
  const bytes = decodeBase64(payload);
  if (!bytes) return refuse(drawn ? M.drawnUnreadable : M.uploadUnreadable);
  return checkSignatureImageBytes(bytes, kind, format);
}

/** The data URL of image bytes (the browser sends and shows images this way). */
export function signatureImageDataUrl(bytes: Uint8Array, format: TSignatureImageFormat): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += BASE64_ALPHABET[(n >> 18) & 63]! + BASE64_ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? BASE64_ALPHABET[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? BASE64_ALPHABET[n & 63]! : '=';
  }
  return DATA_URL_PREFIX[format] + out;
}
