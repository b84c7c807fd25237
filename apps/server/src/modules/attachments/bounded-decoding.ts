import { createInflate, inflate, inflateSync, constants as zlibConstants } from 'node:zlib';
import { promisify } from 'node:util';
import { PdfArray, PdfDict, PdfName, PdfStream } from '@libpdf/core';

/**
 * Bounded stream decoding for PDFs we did not make (issue 27, A29).
 *
 * @libpdf/core inflates with pako and no output limit, so a few megabytes of FlateDecode can ask
 * for gigabytes. Every stream of an upload is measured here first, with a cap per stream and a cap
 * for the whole file; only then does the library decode it. Measuring needs no PDF parser of our
 * own: Flate goes through node's zlib with `maxOutputLength` (it stops as soon as the cap is
 * passed), RunLength and LZW are counted without keeping their output, and the other filters
 * cannot grow the data past a fixed ratio.
 */

/** One stream may decode to at most this many bytes (a 600 dpi RGB letter page is about 100 MB). */
export const MAX_STREAM_DECODED_BYTES = 128 * 1024 * 1024;
/** All the streams of one file together. */
export const MAX_TOTAL_DECODED_BYTES = 512 * 1024 * 1024;

/** A stream, or the file, decodes past its cap. */
export class DecodeLimitError extends Error {
  constructor() {
    super('decoded size over the limit');
  }
}

/** The decoded bytes counted so far for one file. Once over, it stays over. */
export class DecodeBudget {
  spent = 0;
  exceeded = false;

  /** What the next stream may still decode to. */
  get remaining(): number {
    return Math.min(MAX_STREAM_DECODED_BYTES, MAX_TOTAL_DECODED_BYTES - this.spent);
  }

  spend(bytes: number): void {
    this.spent += bytes;
    if (bytes > MAX_STREAM_DECODED_BYTES || this.spent > MAX_TOTAL_DECODED_BYTES) this.trip();
  }

  trip(): never {
    this.exceeded = true;
    throw new DecodeLimitError();
  }
}

type TFilterStep = { name: string; params: PdfDict | undefined };

/** The stream's filters as @libpdf/core reads them (names only, parameters by position, no references followed). */
function filterSteps(stream: PdfStream): TFilterStep[] {
  const filter = stream.get('Filter');
  const names =
    filter instanceof PdfName
      ? [filter.value]
      : filter instanceof PdfArray
        ? filter.toArray().flatMap((item) => (item instanceof PdfName ? [item.value] : []))
        : [];
  const parms = stream.get('DecodeParms');
  const params = parms instanceof PdfDict ? [parms] : parms instanceof PdfArray ? parms.toArray() : [];
  return names.map((name, i) => {
    const p = params[i];
    return { name, params: p instanceof PdfDict ? p : undefined };
  });
}

/** Bytes RunLengthDecode would produce, counted without producing them. */
function runLengthSize(data: Uint8Array, limit: number): number {
  let size = 0;
  let i = 0;
  while (i < data.length) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      size += n + 1;
      i += n + 2;
    } else {
      size += 257 - n;
      i += 2;
    }
    if (size > limit) return size;
  }
  return size;
}

/**
 * Bytes LZWDecode would produce: the length of each code's string is all that is kept. The code
 * widths change where @libpdf/core's decoder changes them, so the count is of what it would make.
 */
function lzwSize(data: Uint8Array, earlyChange: number, limit: number): number {
  const lengths = new Uint16Array(4096).fill(1, 0, 256);
  let next = 258;
  let width = 9;
  let previous = -1;
  let size = 0;
  let bitBuffer = 0;
  let bits = 0;
  for (let i = 0; i < data.length; i++) {
    bitBuffer = ((bitBuffer << 8) | data[i]!) >>> 0;
    bits += 8;
    while (bits >= width) {
      const code = (bitBuffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      bitBuffer &= (1 << bits) - 1;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      const length = code < next ? lengths[code]! : code === next && previous >= 0 ? lengths[previous]! + 1 : 0;
      // The end, or a code the library refuses (it throws and decodes nothing).
      if (code === 257 || length === 0) return size;
      size += length;
      if (size > limit) return size;
      if (previous >= 0 && next < 4096) {
        lengths[next] = lengths[previous]! + 1;
        next++;
        const threshold = earlyChange === 1 ? next : next - 1;
        if (threshold === 512 || threshold === 1024 || threshold === 2048) width = Math.min(12, width + 1);
      }
      previous = code;
    }
  }
  return size;
}

const inflateAsync = promisify(inflate);
// A stream cut short still gives what it has, as pako does for the library.
const ZLIB = { finishFlush: zlibConstants.Z_SYNC_FLUSH };

function isTooLarge(err: unknown): boolean {
  return err instanceof RangeError || (err as { code?: string })?.code === 'ERR_BUFFER_TOO_LARGE';
}

/**
 * The bytes a zlib stream inflates to, counted chunk by chunk and never kept, stopping past
 * `limit`. Damaged data counts what came out before the damage, as pako keeps it for the library.
 */
function countInflated(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflater = createInflate({ ...ZLIB, chunkSize: 256 * 1024 });
    let size = 0;
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflater.destroy();
        resolve(size);
      }
    });
    inflater.on('end', () => resolve(size));
    inflater.on('error', () => resolve(size));
    inflater.end(data);
  });
}

/**
 * One filter that is not Flate: the size it decodes to, and (when another filter follows) the
 * bytes. Every branch knows its bound before decoding anything.
 */
function otherStep(
  stream: PdfStream,
  step: TFilterStep,
  input: Uint8Array,
  limit: number,
  last: boolean,
  decode: (s: PdfStream) => Uint8Array,
): { size: number; bytes?: Uint8Array } {
  const viaLibrary = (): Uint8Array =>
    decode(
      new PdfStream(
        [
          ['Filter', PdfName.of(step.name)],
          ...(step.params ? [['DecodeParms', step.params] as [string, PdfDict]] : []),
        ],
        input,
      ),
    );
  switch (step.name) {
    case 'ASCIIHexDecode':
    case 'ASCII85Decode': {
      // Half a byte out per byte in for hex; at most four for ASCII85 ("z" is four zero bytes).
      if (input.length * 4 > limit) return { size: input.length * 4 };
      const bytes = viaLibrary();
      return { size: bytes.length, bytes };
    }
    case 'RunLengthDecode': {
      const size = runLengthSize(input, limit);
      return size <= limit && !last ? { size, bytes: viaLibrary() } : { size };
    }
    case 'LZWDecode': {
      const size = lzwSize(input, step.params?.getNumber('EarlyChange')?.value ?? 1, limit);
      return size <= limit && !last ? { size, bytes: viaLibrary() } : { size };
    }
    case 'CCITTFaxDecode': {
      // An image's own codec: the server never decodes an image, so only its bytes count. Any
      // other stream is decoded by the library if asked, to rows × columns bits at most.
      if (last && stream.getName('Subtype')?.value === 'Image') return { size: input.length };
      const rows = step.params?.getNumber('Rows')?.value ?? 0;
      const columns = step.params?.getNumber('Columns')?.value ?? 1728;
      const size = rows > 0 && columns > 0 ? rows * Math.ceil(columns / 8) : Number.POSITIVE_INFINITY;
      return size <= limit && !last ? { size, bytes: viaLibrary() } : { size };
    }
    default:
      // DCT is passed through by the library; JPX and JBIG2 are not decoded at all. Unknown
      // filters make the library throw.
      return { size: input.length, bytes: input };
  }
}

/**
 * The decoded size of a stream, within `limit` (a size over it means "too large"); synchronous,
 * for the decodes the library does while parsing (cross-reference and object streams).
 */
export function decodedSizeSync(stream: PdfStream, limit: number, decode: (s: PdfStream) => Uint8Array): number {
  const steps = filterSteps(stream);
  let data = stream.data;
  let size = data.length;
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    if (step.name === 'FlateDecode') {
      try {
        data = inflateSync(data, { ...ZLIB, maxOutputLength: limit + 1 });
      } catch (err) {
        if (isTooLarge(err)) return limit + 1;
        // Damaged data: the library keeps what inflated before the damage, which was under the
        // limit (zlib would have stopped at the limit first), so its own decode is safe.
        data = decode(new PdfStream([['Filter', PdfName.of('FlateDecode')]], data));
      }
      size = data.length;
    } else {
      const out = otherStep(stream, step, data, limit, last, decode);
      size = out.size;
      if (size > limit) return size;
      if (out.bytes) data = out.bytes;
    }
    if (size > limit) return size;
  }
  return size;
}

/** The same measure for every other stream of the file, off the event loop where it matters (Flate). */
export async function decodedSize(
  stream: PdfStream,
  limit: number,
  decode: (s: PdfStream) => Uint8Array,
): Promise<number> {
  const steps = filterSteps(stream);
  let data = stream.data;
  let size = data.length;
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    if (step.name === 'FlateDecode' && last) return countInflated(data, limit);
    if (step.name === 'FlateDecode') {
      try {
        data = await inflateAsync(data, { ...ZLIB, maxOutputLength: limit + 1 });
      } catch (err) {
        if (isTooLarge(err)) return limit + 1;
        data = decode(new PdfStream([['Filter', PdfName.of('FlateDecode')]], data));
      }
      size = data.length;
    } else {
      const out = otherStep(stream, step, data, limit, last, decode);
      size = out.size;
      if (size > limit) return size;
      if (out.bytes) data = out.bytes;
    }
    if (size > limit) return size;
  }
  return size;
}

const libraryDecode = PdfStream.prototype.getDecodedData;

/** The library's own decode, never the bounded one. */
export const decodeWithLibrary = (stream: PdfStream): Uint8Array => libraryDecode.call(stream);

/**
 * Runs `work` (synchronous: nothing else runs meanwhile) with every decode the library makes
 * measured against `budget` first. The library's method is replaced only for that span and put
 * back before returning, so no other caller of @libpdf/core ever sees it.
 */
export function withBoundedDecoding<T>(budget: DecodeBudget, work: () => T): T {
  const bounded = function (this: PdfStream): Uint8Array {
    if (budget.exceeded) budget.trip();
    budget.spend(decodedSizeSync(this, budget.remaining, decodeWithLibrary));
    return libraryDecode.call(this);
  };
  PdfStream.prototype.getDecodedData = bounded;
  try {
    return work();
  } finally {
    PdfStream.prototype.getDecodedData = libraryDecode;
  }
}
