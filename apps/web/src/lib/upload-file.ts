import {
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
  uploadMessage,
  type TUploadedFile,
} from '@draftwell/shared/workspace/files';
import type { TBusinessProfile } from '@draftwell/shared/workspace/profile';
import { ApiError, unwrap } from './api-client';
import { appI18n } from './app-language';

/** Some systems give no type for a file; its extension then decides (the server checks the bytes anyway). */
const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

type TProblem = { status: 413 | 415; code: 'too_large' | 'unsupported_media_type'; message: string };

function problemOf(file: File): TProblem | null {
  const i18n = appI18n();
  const type = file.type || EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(type)) {
    return { status: 415, code: 'unsupported_media_type', message: uploadMessage(i18n, 'wrongType') };
  }
  if (file.size === 0) return { status: 415, code: 'unsupported_media_type', message: uploadMessage(i18n, 'empty') };
  if (file.size > UPLOAD_MAX_BYTES) return { status: 413, code: 'too_large', message: uploadMessage(i18n, 'tooLarge') };
  return null;
}

/**
 * What is wrong with a chosen file before it is sent (type, emptiness, size), or null. Saves a
 * round trip; the server still decides from the bytes.
 */
export function checkImageFile(file: File): string | null {
  return problemOf(file)?.message ?? null;
}

/**
 * A plain fetch, not `api`: the typed client sends every request as application/json, and a
 * multipart body needs the browser's own content type (with its boundary). So the answer's type
 * is named by the caller.
 */
async function sendImage<T>(url: string, method: 'POST' | 'PUT', file: File): Promise<T> {
  const problem = problemOf(file);
  // Refused like the server would refuse it, so callers handle one kind of error.
  if (problem) throw new ApiError(problem.status, problem.message, problem.code, { file: problem.message });
  const body = new FormData();
  body.append('file', file);
  return unwrap<T>(fetch(url, { method, body, credentials: 'same-origin' }));
}

/** Uploads an image for a proposal; the answer's `url` serves it to its owner. */
export function uploadImage(file: File): Promise<TUploadedFile> {
  return sendImage<TUploadedFile>('/api/files', 'POST', file);
}

/** Makes the image the business profile's logo (the previous one is deleted) and answers the profile. */
export function uploadLogo(file: File): Promise<TBusinessProfile> {
  return sendImage<TBusinessProfile>('/api/profile/logo', 'PUT', file);
}
