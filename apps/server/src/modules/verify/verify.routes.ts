import { ZVerifyHash } from '@draftwell/shared/share/share-schemas';
import { Hono } from 'hono';
import { fieldErrors } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { sha256Hex } from '../../lib/sha256';
import { sealCertificate, verifyHash } from './verify.service';
import type { TAppEnv } from '../../deps';

/** A downloaded PDF may be large: images and many pages. */
export const VERIFY_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const VERIFY_MAX_BODY_BYTES = VERIFY_MAX_FILE_BYTES + 64 * 1024;
/** A hash sent as JSON is a few dozen bytes: only a PDF upload gets the large limit. */
export const VERIFY_MAX_JSON_BYTES = 4 * 1024;
const RATE = { max: 60, windowSeconds: 600 };

const pdfMissing = 'Choose the PDF you downloaded, or paste the hash from its certificate.';

/**
 * `/verify`'s check, public: a PDF (multipart `file`) or a hash (JSON). The PDF is hashed and
 * forgotten; nothing is stored.
 */
export const verifyRoutes = new Hono<TAppEnv>()
  // The certificate sealed PDFs are signed with: its fingerprint is what a reader's signature
  // panel shows, to compare with this page's (decision 0014).
  .get('/certificate', async (c) => {
    let identity;
    try {
      identity = await c.var.deps.seals.identity();
    } catch {
      throw new AppError('unavailable', 'The signing certificate is not ready yet. Try again in a moment.', {
        retryAfter: 10,
      });
    }
    c.header('cache-control', 'public, max-age=300');
    return c.json(sealCertificate(identity), 200);
  })
  .post('/', async (c) => {
    const { database, env } = c.var.deps;
    if (env.rateLimit) await hitRateLimit(database.db, `verify:${c.var.clientIp}`, RATE);
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    let hash: string;
    if (type === 'multipart/form-data') {
      let file: unknown = null;
      try {
        file = (await c.req.formData()).get('file');
      } catch {
        throw new AppError('invalid', pdfMissing, { fields: { file: pdfMissing } });
      }
      if (!(file instanceof File)) throw new AppError('invalid', pdfMissing, { fields: { file: pdfMissing } });
      if (file.size > VERIFY_MAX_FILE_BYTES) throw new AppError('too_large', 'Choose a PDF of at most 10 MB.');
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
        throw new AppError('invalid', 'That file is not a PDF. Choose the PDF you downloaded from Draftwell.', {
          fields: { file: 'Not a PDF.' },
        });
      }
      hash = sha256Hex(bytes);
    } else if (type === 'application/json') {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw new AppError('invalid', 'The request body is not valid JSON.');
      }
      const parsed = ZVerifyHash.safeParse(body);
      if (!parsed.success) {
        throw new AppError('invalid', 'Some fields need attention.', { fields: fieldErrors(parsed.error.issues) });
      }
      hash = parsed.data.hash;
    } else {
      throw new AppError('unsupported_media_type', 'Send a PDF as multipart/form-data, or a hash as JSON.');
    }
    return c.json(await verifyHash(database.db, hash), 200);
  });
