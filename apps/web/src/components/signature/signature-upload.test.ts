import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNATURE_MESSAGES, crc32, decodeBase64 } from '@draftwell/shared/share/signature-rules';
import { SAMPLE_JPEG_BASE64, SAMPLE_PNG_BASE64, SAMPLE_PNG_DATA_URL } from '@draftwell/shared/share/signature-samples';
import { decodeImage, type TDecodedImage } from './signature-canvas';
import { ENCODE_ATTEMPTS, fitWithin, prepareSignatureUpload } from './signature-upload';

// jsdom cannot decode or draw an image: the canvas seam is replaced, the logic around it is real.
vi.mock('./signature-canvas', () => ({ decodeImage: vi.fn() }));
const decode = vi.mocked(decodeImage);

const png = () => decodeBase64(SAMPLE_PNG_BASE64)!;
const file = (bytes: Uint8Array | string, name: string, type: string) => new File([bytes as BlobPart], name, { type });

/** A decoded image of the given size whose encoder returns what `encode` says for each attempt. */
function decoded(width: number, height: number, encode: TDecodedImage['encode']) {
  const image = { width, height, encode: vi.fn(encode), close: vi.fn() };
  decode.mockResolvedValueOnce(image);
  return image;
}

/** A data URL longer than the cap allows: refused by length alone. */
const TOO_LARGE = `data:image/png;base64,${'A'.repeat(360_000)}`;

beforeEach(() => decode.mockReset());

describe('fitWithin', () => {
  it('scales down to fit, keeping the shape, and never up', () => {
    expect(fitWithin(4000, 1000, { width: 1200, height: 600 })).toEqual({ width: 1200, height: 300 });
    expect(fitWithin(1000, 3000, { width: 1200, height: 600 })).toEqual({ width: 200, height: 600 });
    expect(fitWithin(300, 100, { width: 1200, height: 600 })).toEqual({ width: 300, height: 100 });
  });
});

describe('prepareSignatureUpload', () => {
  it('draws the image again, scaled to fit, in its own format, and returns what passes the check', async () => {
    const image = decoded(4000, 1000, () => SAMPLE_PNG_DATA_URL);
    await expect(prepareSignatureUpload(file(png(), 'signature.png', 'image/png'))).resolves.toEqual({
      ok: true,
      image: SAMPLE_PNG_DATA_URL,
    });
    expect(image.encode).toHaveBeenCalledWith({ width: 1200, height: 300 }, 'png', 0.9);
    expect(image.close).toHaveBeenCalled();
  });

  it('keeps a JPEG a JPEG, whatever type the browser reports', async () => {
    const jpegUrl = `data:image/jpeg;base64,${SAMPLE_JPEG_BASE64}`;
    const image = decoded(40, 16, () => jpegUrl);
    const bytes = decodeBase64(SAMPLE_JPEG_BASE64)!;
    await expect(prepareSignatureUpload(file(bytes, 'scan', ''))).resolves.toEqual({ ok: true, image: jpegUrl });
    expect(image.encode).toHaveBeenCalledWith({ width: 40, height: 16 }, 'jpeg', 0.9);
  });

  it('tries smaller and at a lower quality until the image fits the size cap', async () => {
    const results = [TOO_LARGE, TOO_LARGE, SAMPLE_PNG_DATA_URL];
    const image = decoded(1200, 600, () => results.shift()!);
    await expect(prepareSignatureUpload(file(png(), 'photo.png', 'image/png'))).resolves.toMatchObject({ ok: true });
    expect(image.encode.mock.calls).toEqual([
      [{ width: 1200, height: 600 }, 'png', 0.9],
      [{ width: 1200, height: 600 }, 'png', 0.8],
      [{ width: 900, height: 450 }, 'png', 0.8],
    ]);
  });

  it('gives up with the size message when no attempt fits', async () => {
    const image = decoded(1200, 600, () => TOO_LARGE);
    await expect(prepareSignatureUpload(file(png(), 'photo.png', 'image/png'))).resolves.toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.uploadTooLarge,
    });
    expect(image.encode).toHaveBeenCalledTimes(ENCODE_ATTEMPTS.length);
    expect(image.close).toHaveBeenCalled();
  });

  it('stops at the first refusal that a smaller size would not cure', async () => {
    const image = decoded(1200, 600, () => 'data:image/png;base64,AAAA');
    await expect(prepareSignatureUpload(file(png(), 'photo.png', 'image/png'))).resolves.toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.uploadNotImage,
    });
    expect(image.encode).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an empty file', file(new Uint8Array(), 'empty.png', 'image/png'), SIGNATURE_MESSAGES.uploadEmpty],
    ['a GIF', file('GIF89a\x01\x00\x01\x00', 'sig.gif', 'image/gif'), SIGNATURE_MESSAGES.uploadWrongType],
    ['text renamed .png', file('<svg onload="x"/>', 'sig.png', 'image/png'), SIGNATURE_MESSAGES.uploadNotImage],
    ['a cut-off PNG', file(png().slice(0, 200), 'sig.png', 'image/png'), SIGNATURE_MESSAGES.uploadTruncated],
  ])('refuses %s before decoding it', async (_, chosen, message) => {
    await expect(prepareSignatureUpload(chosen)).resolves.toEqual({ ok: false, message });
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses a file over the size limit before reading it', async () => {
    const big = file(new Uint8Array(10 * 1024 * 1024 + 1), 'huge.png', 'image/png');
    const read = vi.spyOn(big, 'arrayBuffer');
    await expect(prepareSignatureUpload(big)).resolves.toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.uploadFileTooLarge,
    });
    expect(read).not.toHaveBeenCalled();
  });

  it('refuses to decode an image whose header announces too many pixels', async () => {
    const bytes = png();
    const view = new DataView(bytes.buffer);
    view.setUint32(16, 20_000);
    view.setUint32(20, 20_000);
    view.setUint32(29, crc32(bytes, 12, 29));
    await expect(prepareSignatureUpload(file(bytes, 'bomb.png', 'image/png'))).resolves.toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.uploadTooManyPixels,
    });
    expect(decode).not.toHaveBeenCalled();
  });

  it('says the image is damaged when the browser cannot decode it', async () => {
    decode.mockRejectedValueOnce(new DOMException('The source image could not be decoded.', 'InvalidStateError'));
    await expect(prepareSignatureUpload(file(png(), 'sig.png', 'image/png'))).resolves.toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.uploadDamaged,
    });
  });
});
