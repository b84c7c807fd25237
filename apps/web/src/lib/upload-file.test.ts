import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishI18n } from '@draftwell/shared/i18n/english';
import { UPLOAD_MAX_BYTES, uploadMessage, type TUploadProblem } from '@draftwell/shared/workspace/files';
import { ApiError } from './api-client';
import { checkImageFile, uploadImage, uploadLogo } from './upload-file';

const refused = (problem: TUploadProblem) => uploadMessage(englishI18n, problem);

const fileOf = (size: number, name: string, type: string) => new File([new Uint8Array(size)], name, { type });

const jsonResponse = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('checkImageFile', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    expect(checkImageFile(fileOf(10, 'a.png', 'image/png'))).toBeNull();
    expect(checkImageFile(fileOf(10, 'a.jpg', 'image/jpeg'))).toBeNull();
    expect(checkImageFile(fileOf(UPLOAD_MAX_BYTES, 'a.webp', 'image/webp'))).toBeNull();
    // No type from the system: the extension decides.
    expect(checkImageFile(fileOf(10, 'photo.JPEG', ''))).toBeNull();
  });

  it('explains what is wrong: too large, wrong type, empty', () => {
    expect(checkImageFile(fileOf(UPLOAD_MAX_BYTES + 1, 'big.png', 'image/png'))).toBe(refused('tooLarge'));
    expect(checkImageFile(fileOf(10, 'logo.svg', 'image/svg+xml'))).toBe(refused('wrongType'));
    expect(checkImageFile(fileOf(10, 'anim.gif', 'image/gif'))).toBe(refused('wrongType'));
    expect(checkImageFile(fileOf(10, 'notes', ''))).toBe(refused('wrongType'));
    expect(checkImageFile(fileOf(0, 'empty.png', 'image/png'))).toBe(refused('empty'));
    expect(refused('tooLarge')).toMatch(/larger than 2 MB/);
  });
});

describe('uploadImage and uploadLogo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file as FormData to /api/files and answers the uploaded file', async () => {
    const uploaded = {
      id: '3f1c1b8e-1d2a-4c1e-9f3a-1b2c3d4e5f60',
      url: '/api/files/3f1c1b8e-1d2a-4c1e-9f3a-1b2c3d4e5f60',
      contentType: 'image/png',
      size: 120,
      width: 40,
      height: 30,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(uploaded, 201));
    vi.stubGlobal('fetch', fetchMock);
    const file = fileOf(120, 'logo.png', 'image/png');
    await expect(uploadImage(file)).resolves.toEqual(uploaded);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/files');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((init.body as FormData).get('file') as File).name).toBe('logo.png');
    // The browser sets the multipart boundary itself: no content-type of ours.
    expect(init.headers).toBeUndefined();
  });

  it('puts the logo to /api/profile/logo and answers the profile', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse({ displayName: 'A', logoFileId: 'x', version: 2 }, 200),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(uploadLogo(fileOf(10, 'l.webp', 'image/webp'))).resolves.toMatchObject({ logoFileId: 'x' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/profile/logo');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'PUT', credentials: 'same-origin' });
  });

  it("refuses before sending what the server would refuse, and surfaces the server's own refusals", async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ error: { code: 'unsupported_media_type', message: refused('wrongType') } }, 415),
    );
    vi.stubGlobal('fetch', fetchMock);

    const tooBig = uploadImage(fileOf(UPLOAD_MAX_BYTES + 1, 'big.png', 'image/png'));
    await expect(tooBig).rejects.toBeInstanceOf(ApiError);
    await expect(tooBig).rejects.toMatchObject({ status: 413, code: 'too_large', message: refused('tooLarge') });
    await expect(uploadLogo(fileOf(10, 'x.svg', 'image/svg+xml'))).rejects.toMatchObject({
      status: 415,
      fields: { file: refused('wrongType') },
    });
    expect(fetchMock).not.toHaveBeenCalled();

    // An HTML file renamed .png passes the browser's check; the server's answer comes through.
    await expect(uploadImage(fileOf(10, 'page.png', 'image/png'))).rejects.toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      message: refused('wrongType'),
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
