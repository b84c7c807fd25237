import type { Context } from 'hono';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_PURPOSES,
  uploadMessage,
  type TUploadPurpose,
} from '@draftwell/shared/workspace/files';
import type { TAuthed } from '../http/require-user';
import { AppError } from '../lib/app-error';
import { serverI18n } from '../lib/i18n';
import { hitRateLimit, type TRateRule } from '../lib/rate-limit';

/** The routes that take a multipart upload instead of JSON (app.ts exempts them from the JSON check). */
export const UPLOAD_PATHS = ['/api/files', '/api/profile/logo'];

/** Their body limit: one file at the size cap plus room for the multipart envelope and fields. */
export const UPLOAD_MAX_BODY_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

/** Every image is decoded and re-encoded, which costs CPU: a generous cap per user. */
export const UPLOAD_RATE: TRateRule = { max: 100, windowSeconds: 600 };

const SEND_MULTIPART = 'Send the image as multipart/form-data with a "file" field.';

/**
 * The `file` field (and optional `purpose`) of a signed-in user's multipart upload, counted
 * against their upload rate. Only the bytes are kept: the file name and the declared type are
 * client claims and are never used.
 */
export async function readUploadForm<E extends TAuthed>(
  c: Context<E>,
): Promise<{ bytes: Uint8Array; purpose: TUploadPurpose }> {
  const { req } = c;
  const { env, database } = c.var.deps;
  if (env.rateLimit) await hitRateLimit(database.db, `upload:${c.var.actor.id}`, UPLOAD_RATE);
  const type = req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw new AppError('unsupported_media_type', SEND_MULTIPART);
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new AppError('invalid', `The upload could not be read. ${SEND_MULTIPART}`, {
      fields: { file: uploadMessage(serverI18n('en'), 'missing') },
    });
  }
  const entries = form.getAll('file');
  const file = entries[0];
  if (entries.length !== 1 || !(file instanceof File)) {
    // The API answers in English (its contract).
    const message = entries.length > 1 ? 'Upload one image at a time.' : uploadMessage(serverI18n('en'), 'missing');
    throw new AppError('invalid', message, {
      fields: { file: message },
    });
  }
  if (file.size > UPLOAD_MAX_BYTES) throw new AppError('too_large', uploadMessage(serverI18n('en'), 'tooLarge'));
  const purpose = form.get('purpose') ?? 'image';
  if (typeof purpose !== 'string' || !(UPLOAD_PURPOSES as readonly string[]).includes(purpose)) {
    throw new AppError('invalid', 'Some fields need attention.', { fields: { purpose: 'Use image or logo.' } });
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), purpose: purpose as TUploadPurpose };
}
