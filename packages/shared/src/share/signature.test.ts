import { describe, expect, it } from 'vitest';
import {
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNATURE_MESSAGES,
  SIGNATURE_METHODS,
  ZSignatureMark,
  ZSignatureMethods,
  checkSignatureImage,
  checkSignatureImageBytes,
  checkSignatureMethod,
  crc32,
  decodeBase64,
  readImageHeader,
  signatureImageDataUrl,
} from './signature';
import { SAMPLE_JPEG_BASE64 as JPEG_BASE64, SAMPLE_PNG_BASE64 as PNG_BASE64 } from './signature-samples';

const png = () => decodeBase64(PNG_BASE64)!;
const jpeg = () => decodeBase64(JPEG_BASE64)!;
const pngUrl = (bytes = png()) => signatureImageDataUrl(bytes, 'png');
const jpegUrl = (bytes = jpeg()) => signatureImageDataUrl(bytes, 'jpeg');

/** Bytes of a string of one-byte characters (shared has no TextEncoder: no DOM or Node types). */
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** A PNG chunk with its length and a correct CRC. */
function chunk(type: string, data: Uint8Array | number[]): Uint8Array {
  const body = new Uint8Array([...[...type].map((c) => c.charCodeAt(0)), ...data]);
  return new Uint8Array([...u32(body.length - 4), ...body, ...u32(crc32(body))]);
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** The fixture with IHDR's fields replaced (and its CRC made right again). */
function pngWith(ihdr: { width?: number; height?: number; bitDepth?: number; colorType?: number; interlace?: number }) {
  const bytes = png();
  const view = new DataView(bytes.buffer);
  if (ihdr.width !== undefined) view.setUint32(16, ihdr.width);
  if (ihdr.height !== undefined) view.setUint32(20, ihdr.height);
  if (ihdr.bitDepth !== undefined) bytes[24] = ihdr.bitDepth;
  if (ihdr.colorType !== undefined) bytes[25] = ihdr.colorType;
  if (ihdr.interlace !== undefined) bytes[28] = ihdr.interlace;
  view.setUint32(29, crc32(bytes, 12, 29));
  return bytes;
}

/** The fixture with one more chunk after IHDR (33 bytes: signature and IHDR). */
const pngWithChunk = (extra: Uint8Array) => {
  const bytes = png();
  return concat(bytes.slice(0, 33), extra, bytes.slice(33));
};

/** The fixture's SOF0 segment at its offset, to rewrite its fields. */
function jpegWith(change: (bytes: Uint8Array, sof: number) => void) {
  const bytes = jpeg();
  const sof = bytes.findIndex((b, i) => b === 0xff && bytes[i + 1] === 0xc0);
  change(bytes, sof);
  return bytes;
}

describe('decodeBase64: strict, canonical base64', () => {
  it('reads back what signatureImageDataUrl wrote, for every length of padding', () => {
    for (let n = 0; n < 12; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 0xff);
      const text = signatureImageDataUrl(bytes, 'png').slice('data:image/png;base64,'.length);
      expect(text.length % 4).toBe(0);
      expect(decodeBase64(text)).toEqual(bytes);
    }
    expect(decodeBase64('TWFu')).toEqual(new Uint8Array([77, 97, 110]));
    expect(decodeBase64('TWE=')).toEqual(new Uint8Array([77, 97]));
    expect(decodeBase64('TQ==')).toEqual(new Uint8Array([77]));
  });

  it.each([
    ['a length that is not a multiple of four', 'TWFuT'],
    ['padding missing', 'TQ'],
    ['padding in the middle', 'TQ==TWFu'],
    ['three padding characters', 'T==='],
    ['the URL-safe alphabet', 'TW-_'],
    ['a line break', 'TWFu\nTWFu'],
    ['a space', 'TWF u'],
    ['a character beyond ASCII', 'TWFé'],
    ['unused bits set before ==', 'TR=='],
    ['unused bits set before =', 'TWF='],
  ])('refuses %s', (_, text) => {
    expect(decodeBase64(text)).toBeNull();
  });
});

describe('crc32', () => {
  it('gives the check value of the standard', () => {
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
  });
});

describe('readImageHeader: the structure of PNG and JPEG bytes', () => {
  it('reads the size and kind of a PNG and a JPEG', () => {
    expect(readImageHeader(png())).toEqual({
      ok: true,
      header: { format: 'png', width: 40, height: 16, bitDepth: 8, colorType: 6, interlaced: false },
    });
    expect(readImageHeader(jpeg())).toEqual({
      ok: true,
      header: { format: 'jpeg', width: 40, height: 16, frame: 0xc0, precision: 8, components: 3 },
    });
  });

  it('calls bytes of another kind no image', () => {
    expect(readImageHeader(ascii('<svg onload="alert(1)"/>'))).toEqual({
      ok: false,
      problem: 'not_image',
    });
    expect(readImageHeader(ascii('GIF89a\x01\x00\x01\x00'))).toMatchObject({ problem: 'not_image' });
    expect(readImageHeader(new Uint8Array())).toMatchObject({ problem: 'not_image' });
  });

  it('refuses every cut-off PNG and JPEG, whatever the length kept', () => {
    for (const whole of [png(), jpeg()]) {
      for (let n = 3; n < whole.length; n++) {
        const read = readImageHeader(whole.slice(0, n));
        expect(read.ok, `${n} of ${whole.length} bytes`).toBe(false);
      }
    }
    expect(readImageHeader(png().slice(0, 40))).toEqual({ ok: false, problem: 'truncated' });
    expect(readImageHeader(jpeg().slice(0, -2))).toEqual({ ok: false, problem: 'truncated' });
  });

  it('refuses a PNG with any one byte changed (each chunk carries a CRC)', () => {
    const whole = png();
    for (let i = 0; i < whole.length; i++) {
      const bytes = whole.slice();
      bytes[i] = bytes[i]! ^ 0x20;
      expect(readImageHeader(bytes).ok, `byte ${i}`).toBe(false);
    }
  });

  it('refuses a PNG whose IHDR is impossible, even with a correct CRC', () => {
    expect(readImageHeader(pngWith({ width: 0 }))).toEqual({ ok: false, problem: 'damaged' });
    expect(readImageHeader(pngWith({ height: 0x80000000 }))).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(pngWith({ bitDepth: 3 }))).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(pngWith({ colorType: 2, bitDepth: 4 }))).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(pngWith({ colorType: 5 }))).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(pngWith({ interlace: 2 }))).toMatchObject({ problem: 'damaged' });
  });

  it('refuses a PNG that breaks the chunk order: no IDAT, a second IHDR, bytes after IEND', () => {
    const bytes = png();
    const idatAt = 33 + 21; // signature, IHDR, pHYs (9 bytes of data)
    expect(String.fromCharCode(...bytes.slice(idatAt + 4, idatAt + 8))).toBe('IDAT');
    const withoutData = concat(bytes.slice(0, idatAt), bytes.slice(-12));
    expect(readImageHeader(withoutData)).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(pngWithChunk(chunk('IHDR', bytes.slice(16, 29))))).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(concat(bytes, new Uint8Array([0])))).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(pngWithChunk(chunk('t?Xt', [1, 2])))).toMatchObject({ problem: 'damaged' });
  });

  it('reads the size a JPEG frame announces, and refuses one without a frame or with a broken one', () => {
    expect(
      readImageHeader(
        jpegWith((b, sof) => {
          b[sof + 5] = 0x4e; // height 0x4e10
          b[sof + 7] = 0xea; // width 0xea28
        }),
      ),
    ).toMatchObject({ ok: true, header: { width: 0xea28, height: 0x4e10 } });
    expect(readImageHeader(jpegWith((b, sof) => (b[sof + 7] = b[sof + 8] = 0)))).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(jpegWith((b, sof) => (b[sof + 9] = 7)))).toMatchObject({ problem: 'damaged' });
    // SOF0 renamed to an APP segment: the scan comes with no frame before it.
    expect(readImageHeader(jpegWith((b, sof) => (b[sof + 1] = 0xe5)))).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toMatchObject({ problem: 'damaged' });
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xd9]))).toMatchObject({
      problem: 'damaged',
    });
  });
});

describe('checkSignatureImage: a signature image as it travels, a data URL', () => {
  it('takes a drawn PNG and an uploaded PNG or JPEG, and hands back the bytes', () => {
    expect(checkSignatureImage(pngUrl(), 'drawn')).toEqual({
      ok: true,
      format: 'png',
      width: 40,
      height: 16,
      bytes: png(),
    });
    expect(checkSignatureImage(pngUrl(), 'uploaded')).toMatchObject({ ok: true, format: 'png' });
    expect(checkSignatureImage(jpegUrl(), 'uploaded')).toMatchObject({ ok: true, format: 'jpeg', width: 40 });
  });

  it('calls an empty drawing, an empty canvas export and an empty payload missing', () => {
    expect(checkSignatureImage('data:,', 'drawn')).toEqual({ ok: false, message: SIGNATURE_MESSAGES.drawnMissing });
    expect(checkSignatureImage('', 'drawn')).toEqual({ ok: false, message: SIGNATURE_MESSAGES.drawnMissing });
    expect(checkSignatureImage('data:image/png;base64,', 'drawn')).toMatchObject({
      message: SIGNATURE_MESSAGES.drawnMissing,
    });
    expect(checkSignatureImage('data:image/png;base64,', 'uploaded')).toMatchObject({
      message: SIGNATURE_MESSAGES.uploadMissing,
    });
  });

  it.each([
    ['a GIF', 'data:image/gif;base64,R0lGODlhAQABAAAAACw='],
    ['SVG', 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+'],
    ['an upper-case type', `data:IMAGE/PNG;base64,${PNG_BASE64}`],
    ['no base64 marker', `data:image/png,${PNG_BASE64}`],
    ['a URL', 'https://example.com/signature.png'],
  ])('refuses %s, naming the types it takes', (_, url) => {
    expect(checkSignatureImage(url, 'uploaded')).toEqual({ ok: false, message: SIGNATURE_MESSAGES.uploadWrongType });
    expect(checkSignatureImage(url, 'drawn')).toEqual({ ok: false, message: SIGNATURE_MESSAGES.drawnUnreadable });
  });

  it('takes only PNG for a drawing', () => {
    expect(checkSignatureImage(jpegUrl(), 'drawn')).toEqual({ ok: false, message: SIGNATURE_MESSAGES.drawnUnreadable });
  });

  it('refuses a payload that is not base64', () => {
    const broken = `data:image/png;base64,${PNG_BASE64.slice(0, 40)}*${PNG_BASE64.slice(41)}`;
    expect(checkSignatureImage(broken, 'uploaded')).toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.uploadUnreadable,
    });
    expect(checkSignatureImage(`${pngUrl()}\n`, 'drawn')).toMatchObject({
      message: SIGNATURE_MESSAGES.drawnUnreadable,
    });
  });

  it('refuses bytes that are not what the data URL says, whatever it says', () => {
    expect(checkSignatureImage(`data:image/png;base64,${JPEG_BASE64}`, 'uploaded')).toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.uploadNotImage,
    });
    const html = signatureImageDataUrl(ascii('<html><script>alert(1)</script></html>'), 'png');
    expect(checkSignatureImage(html, 'uploaded')).toMatchObject({ message: SIGNATURE_MESSAGES.uploadNotImage });
  });

  it('says a cut-off or damaged upload is so', () => {
    expect(checkSignatureImage(pngUrl(png().slice(0, -20)), 'uploaded')).toMatchObject({
      message: SIGNATURE_MESSAGES.uploadTruncated,
    });
    expect(checkSignatureImage(jpegUrl(jpeg().slice(0, 300)), 'uploaded')).toMatchObject({
      message: SIGNATURE_MESSAGES.uploadTruncated,
    });
    const flipped = png();
    flipped[100] = flipped[100]! ^ 1;
    expect(checkSignatureImage(pngUrl(flipped), 'uploaded')).toMatchObject({
      message: SIGNATURE_MESSAGES.uploadDamaged,
    });
  });

  it('refuses huge and tiny dimensions from the header alone, with the numbers', () => {
    const huge = checkSignatureImage(pngUrl(pngWith({ width: 100_000, height: 100_000 })), 'uploaded');
    expect(huge).toEqual({
      ok: false,
      message:
        'That image is 100,000 × 100,000 pixels; a signature may be at most 2,000 × 1,000 pixels. Crop or scale it down.',
    });
    expect(checkSignatureImage(pngUrl(pngWith({ width: 2001, height: 10 })), 'uploaded')).toMatchObject({ ok: false });
    expect(checkSignatureImage(pngUrl(pngWith({ width: 2000, height: 1001 })), 'uploaded')).toMatchObject({
      ok: false,
    });
    expect(checkSignatureImage(pngUrl(pngWith({ width: 2000, height: 1000 })), 'uploaded')).toMatchObject({ ok: true });
    expect(checkSignatureImage(pngUrl(pngWith({ width: 7, height: 100 })), 'uploaded')).toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.uploadTooSmall(7, 100),
    });
    expect(checkSignatureImage(pngUrl(pngWith({ width: 1, height: 1 })), 'drawn')).toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.drawnTooSmall,
    });
    const jpegHuge = jpegWith((b, sof) => (b[sof + 5] = 0x4e));
    expect(checkSignatureImage(jpegUrl(jpegHuge), 'uploaded')).toMatchObject({
      message: SIGNATURE_MESSAGES.uploadTooBig(40, 0x4e10),
    });
  });

  it('refuses more than the size cap, before decoding when the length says so', () => {
    const padded = pngWithChunk(chunk('tEXt', new Uint8Array(SIGNATURE_IMAGE_MAX_BYTES)));
    expect(readImageHeader(padded).ok).toBe(true);
    expect(checkSignatureImage(pngUrl(padded), 'uploaded')).toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.uploadTooLarge,
    });
    expect(checkSignatureImageBytes(padded, 'drawn')).toEqual({ ok: false, message: SIGNATURE_MESSAGES.drawnTooLarge });
    const fits = pngWithChunk(chunk('tEXt', new Uint8Array(SIGNATURE_IMAGE_MAX_BYTES - png().length - 12)));
    expect(fits.length).toBe(SIGNATURE_IMAGE_MAX_BYTES);
    expect(checkSignatureImage(pngUrl(fits), 'uploaded')).toMatchObject({ ok: true });
    // Not base64 at all, but far too long to be worth reading.
    expect(checkSignatureImage(`data:image/png;base64,${'*'.repeat(400_000)}`, 'uploaded')).toMatchObject({
      message: SIGNATURE_MESSAGES.uploadTooLarge,
    });
  });

  it('refuses kinds of PNG and JPEG the browser never sends: 16-bit, interlaced, CMYK, arithmetic coding', () => {
    const unsupported = { ok: false, message: SIGNATURE_MESSAGES.uploadUnsupported };
    expect(checkSignatureImage(pngUrl(pngWith({ bitDepth: 16 })), 'uploaded')).toEqual(unsupported);
    expect(checkSignatureImage(pngUrl(pngWith({ interlace: 1 })), 'uploaded')).toEqual(unsupported);
    expect(checkSignatureImage(jpegUrl(jpegWith((b, sof) => (b[sof + 1] = 0xc9))), 'uploaded')).toEqual(unsupported);
    expect(checkSignatureImage(jpegUrl(jpegWith((b, sof) => (b[sof + 4] = 12))), 'uploaded')).toEqual(unsupported);
    expect(checkSignatureImage(jpegUrl(jpegWith((b, sof) => (b[sof + 1] = 0xc2))), 'uploaded')).toMatchObject({
      ok: true,
    });
    expect(checkSignatureImage(pngUrl(pngWith({ interlace: 1 })), 'drawn')).toMatchObject({
      message: SIGNATURE_MESSAGES.drawnUnreadable,
    });
  });
});

describe('ZSignatureMark', () => {
  const issues = (value: unknown) => {
    const parsed = ZSignatureMark.safeParse(value);
    expect(parsed.success).toBe(false);
    return parsed.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('takes each kind, trimming a typed name', () => {
    expect(ZSignatureMark.parse({ kind: 'typed', text: '  Jane Doe ' })).toEqual({ kind: 'typed', text: 'Jane Doe' });
    expect(ZSignatureMark.parse({ kind: 'drawn', image: pngUrl() })).toEqual({ kind: 'drawn', image: pngUrl() });
    expect(ZSignatureMark.parse({ kind: 'uploaded', image: jpegUrl() })).toEqual({
      kind: 'uploaded',
      image: jpegUrl(),
    });
  });

  it('says what to fix in a typed name', () => {
    expect(issues({ kind: 'typed', text: '   ' })).toEqual([
      { path: 'text', message: SIGNATURE_MESSAGES.typedMissing },
    ]);
    expect(issues({ kind: 'typed' })).toEqual([{ path: 'text', message: SIGNATURE_MESSAGES.typedMissing }]);
    expect(issues({ kind: 'typed', text: 'J'.repeat(101) })).toEqual([
      { path: 'text', message: SIGNATURE_MESSAGES.typedTooLong },
    ]);
    expect(ZSignatureMark.safeParse({ kind: 'typed', text: '😀'.repeat(100) }).success).toBe(true);
    expect(issues({ kind: 'typed', text: 'Jane\nDoe' })).toEqual([
      { path: 'text', message: SIGNATURE_MESSAGES.typedControl },
    ]);
    expect(issues({ kind: 'typed', text: 'Jane\u0000Doe' })[0]!.message).toBe(SIGNATURE_MESSAGES.typedControl);
  });

  it('says what to fix in an image, at its field', () => {
    expect(issues({ kind: 'drawn', image: 'data:,' })).toEqual([
      { path: 'image', message: SIGNATURE_MESSAGES.drawnMissing },
    ]);
    expect(issues({ kind: 'uploaded', image: 42 })).toEqual([
      { path: 'image', message: SIGNATURE_MESSAGES.uploadMissing },
    ]);
    expect(issues({ kind: 'uploaded', image: pngUrl(pngWith({ width: 5000 })) })[0]!.message).toMatch(
      /5,000 × 16 pixels/,
    );
  });

  it('asks how to sign for an unknown or missing kind, and names an unknown key', () => {
    expect(issues({ kind: 'stamp', image: pngUrl() })).toEqual([
      { path: 'kind', message: SIGNATURE_MESSAGES.chooseMethod },
    ]);
    expect(issues(null)).toEqual([{ path: '', message: SIGNATURE_MESSAGES.chooseMethod }]);
    expect(issues({ kind: 'typed', text: 'Jane', image: pngUrl() })[0]!.message).toMatch(/image/);
    // A drawing cannot ride on a typed mark, nor text on a drawing.
    expect(issues({ kind: 'drawn', text: 'Jane' }).map((i) => i.path)).toContain('image');
  });
});

describe('ZSignatureMethods and checkSignatureMethod', () => {
  it('defaults to every way, keeps a canonical order, and refuses none, repeats and unknowns', () => {
    expect(ZSignatureMethods.parse(undefined)).toEqual([...SIGNATURE_METHODS]);
    expect(ZSignatureMethods.parse(['uploaded', 'typed'])).toEqual(['typed', 'uploaded']);
    expect(ZSignatureMethods.safeParse([]).error?.issues[0]?.message).toBe('Allow at least one way to sign.');
    expect(ZSignatureMethods.safeParse(['typed', 'typed']).error?.issues[0]?.message).toBe(
      'List each way to sign once.',
    );
    expect(ZSignatureMethods.safeParse(['typed', 'stamped']).error?.issues[0]).toMatchObject({
      path: [1],
      message: 'Choose typed, drawn or uploaded.',
    });
    expect(ZSignatureMethods.safeParse('typed').success).toBe(false);
  });

  it('says which ways a proposal allows when a mark used another', () => {
    expect(checkSignatureMethod('drawn', ['typed', 'drawn'])).toBeNull();
    expect(checkSignatureMethod('drawn')).toBeNull();
    expect(checkSignatureMethod('uploaded', ['typed', 'drawn'])).toBe(
      'This proposal can be signed only by typing your name or drawing your signature.',
    );
    expect(checkSignatureMethod('typed', ['drawn'])).toBe(
      'This proposal can be signed only by drawing your signature.',
    );
    expect(checkSignatureMethod('typed', ['drawn', 'uploaded'])).toBe(
      'This proposal can be signed only by drawing your signature or uploading an image of your signature.',
    );
  });
});
