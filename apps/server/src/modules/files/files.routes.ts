import { Hono } from 'hono';
import { requireUser } from '../../http/require-user';
import { streamBody } from '../../http/stream-body';
import { readUploadForm } from '../../storage/upload-form';
import { deleteFile, findFile, openFile, uploadFile } from './files.service';
import type { TAuthedEnv } from '../../deps';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** True when an If-None-Match header names this ETag (or any). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export const filesRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .post('/', async (c) => {
    const { bytes, purpose } = await readUploadForm(c);
    const { database, storage } = c.var.deps;
    const file = await uploadFile({ db: database.db, storage, log: c.var.log, actor: c.var.actor, bytes, purpose });
    return c.json(file, 201);
  })
  .get('/:id', async (c) => {
    const { database, storage } = c.var.deps;
    const row = await findFile({ db: database.db, actor: c.var.actor, id: c.req.param('id') });
    const etag = `"${row.sha256}"`;
    c.header('etag', etag);
    c.header('cache-control', 'private, max-age=31536000, immutable');
    // A browser that has it already is answered from the row alone, without touching the storage.
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    const file = await openFile({ storage, log: c.var.log, row });
    // Served as what it is, never sniffed, never rendered as a page even if opened directly;
    // streamed from the storage as the response is sent.
    c.header('content-type', row.contentType);
    c.header('content-length', String(file.size));
    c.header('x-content-type-options', 'nosniff');
    c.header('content-disposition', `inline; filename="${row.id}.${EXTENSIONS[row.contentType] ?? 'bin'}"`);
    c.header('content-security-policy', "default-src 'none'; sandbox");
    return c.body(streamBody(c, file.stream, c.var.log), 200);
  })
  .delete('/:id', async (c) => {
    const { database, storage } = c.var.deps;
    await deleteFile({ db: database.db, storage, log: c.var.log, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  });
