import { ZAcceptProposal, ZClientComment, ZDeclineProposal, ZViewBeacon } from '@draftwell/shared/share/share-schemas';
import { Hono, type Context } from 'hono';
import { pdfHeaders } from '../documents/revision-pdf';
import { compressJson } from '../../http/compress-json';
import { exactJson } from '../../http/exact-json';
import { validJson } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import { streamBody } from '../../http/stream-body';
import {
  acceptProposal,
  addClientComment,
  declineProposal,
  getShareCertificate,
  getSharedProposal,
  getSharedRevision,
  readSharedFile,
  sharePdf,
  shareSealedPdf,
  recordViewTime,
  startView,
  type TShareRequest,
  sendEmailCode,
} from './share.service';
import type { TAppEnv } from '../../deps';

/** A request through a client's link: the routes below, and the page at /p/:token (share-page.ts). */
export const shareRequest = (c: Context<TAppEnv>, token: string): TShareRequest => ({
  deps: c.var.deps,
  token,
  ip: c.var.clientIp,
  userAgent: (c.req.header('user-agent') ?? '').slice(0, 1000),
});

const request = (c: Context<TAppEnv>): TShareRequest => shareRequest(c, c.req.param('token') ?? '');

function revisionNumber(raw: string): number {
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw new AppError('not_found', 'That revision does not exist.');
  return Number(raw);
}

/**
 * The client's side, by share token, without an account. Every answer is private to whoever
 * holds the link: never cached, never indexed, never sent on as a referrer.
 */
export const shareRoutes = new Hono<TAppEnv>()
  .use(async (c, next) => {
    c.header('referrer-policy', 'no-referrer');
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex, nofollow');
    return next();
  })
  // The client's page reads its proposal as one JSON document, often on a phone.
  .use(compressJson())
  .get('/:token', async (c) => exactJson(c, await getSharedProposal(request(c)), 200))
  .get('/:token/revisions/:number', async (c) =>
    exactJson(c, await getSharedRevision(request(c), revisionNumber(c.req.param('number'))), 200),
  )
  .get('/:token/pdf', async (c) => {
    const raw = c.req.query('revision');
    const { bytes, filename } = await sharePdf({ ...request(c), ...(raw ? { number: revisionNumber(raw) } : {}) });
    return c.body(new Uint8Array(bytes), 200, pdfHeaders(filename));
  })
  // The sealed PDF of the accepted proposal (decision 0014), the same bytes on every download.
  .get('/:token/sealed-pdf', async (c) => {
    const file = await shareSealedPdf(request(c));
    return c.body(streamBody(c, file.stream, c.var.log), 200, {
      ...pdfHeaders(file.filename),
      'content-length': String(file.size),
    });
  })
  .get('/:token/certificate', async (c) => c.json(await getShareCertificate(request(c)), 200))
  .get('/:token/files/:fileId', async (c) => {
    const { file, stored } = await readSharedFile(request(c), c.req.param('fileId'));
    c.header('content-type', file.contentType);
    c.header('content-length', String(stored.size));
    c.header('x-content-type-options', 'nosniff');
    c.header('content-disposition', 'inline');
    c.header('content-security-policy', "default-src 'none'; sandbox");
    return c.body(streamBody(c, stored.stream, c.var.log), 200);
  })
  .post('/:token/views', async (c) => {
    // The owner looking at their own link is not a client's visit.
    const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
    return c.json(await startView({ ...request(c), viewerUserId: session?.user.id ?? null }), 201);
  })
  .post('/:token/views/:viewId', validJson(ZViewBeacon), async (c) => {
    const { seconds, sections } = c.req.valid('json');
    await recordViewTime({ ...request(c), viewId: c.req.param('viewId'), seconds, sections });
    return c.body(null, 204);
  })
  .post('/:token/comments', validJson(ZClientComment), async (c) =>
    c.json(await addClientComment({ ...request(c), input: c.req.valid('json') }), 201),
  )
  // 201 with the certificate when this signature completed the acceptance; 202 while others are still to sign.
  .post('/:token/accept', validJson(ZAcceptProposal), async (c) => {
    const outcome = await acceptProposal({ ...request(c), input: c.req.valid('json') });
    return outcome.complete ? c.json(outcome.certificate, 201) : c.json(outcome, 202);
  })
  .post('/:token/code', async (c) => c.json(await sendEmailCode(request(c)), 201))
  .post('/:token/decline', validJson(ZDeclineProposal), async (c) => {
    await declineProposal({ ...request(c), reason: c.req.valid('json').reason });
    return c.body(null, 204);
  });
