import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { getTableColumns } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { PgliteThread } from '../../apps/server/src/db/pglite-thread';
import { proposals } from '../../apps/server/src/db/schema';
import { SHARE_RATE } from '../../apps/server/src/modules/share/share-access';
import { announceAndWait } from './lifecycle';

/**
 * The fair limit for P2, P3 and P4: the same URLs answered by a bare Hono handler that does the
 * route's database work in ONE statement and returns the same rows as JSON. No middleware, no
 * validation, no pricing, no logging, no Drizzle: what is left is the HTTP server, JSON and one
 * round trip to the database, the least any implementation of these routes could do.
 *
 * - `GET /api/proposals/:id` (P2): the session (by the cookie's token) joined to the proposal row,
 *   its document as JSON text written into the answer as it is, as the server does
 *   (`proposalJson` in apps/server/src/modules/proposals): never parsed and serialized again.
 * - `GET /api/share/:token` (P3): the address's hit counted (the server's `share:<ip>` limit, A3,
 *   which any implementation must keep: a 429 past it) with the signer by their token's SHA-256
 *   (each signer has their own link, `proposal_signers`), their proposal, its newest revision,
 *   every revision's summary, the comments, the acceptance with the accepted revision's
 *   signatures, the sealed PDF's status, the last decline, the signers, the signatures on the
 *   newest revision and the owner's subscription, as JSON columns of one row. The address is the
 *   last hop of X-Forwarded-For when there is one, as the server takes it with TRUST_PROXY.
 * - `PATCH /api/proposals/:id` (P4): the conditional save (session, owner, version, not accepted,
 *   not deleted) of the title and the document, returning the row but its document; the answer
 *   carries the JSON text of the document it sent, as the server's does.
 *
 * What it skips and the real routes do: the cookie's HMAC check, the body's schema check, the
 * document's totals, the response's shaping (the columns go out as the driver gives them), the
 * miss counter of a token that opens nothing (P3 always opens its link).
 *
 * LIMIT_DATABASE_URL: through `pg` (a pool of 10 like the server's; each statement prepared once
 * per connection by name). LIMIT_PGLITE_DUMP: a PGlite data directory (a dump of the server's, so
 * the same rows), opened on its own thread as the server opens its PGlite, one query per request,
 * as a named prepared statement like the server's.
 */
type TQuery = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

async function openDriver(): Promise<{ query: TQuery; close(): Promise<void>; kind: string }> {
  const url = process.env.LIMIT_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      kind: 'pg',
      query: async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query({ name, text, values })).rows as T[],
      close: () => pool.end(),
    };
  }
  const dump = process.env.LIMIT_PGLITE_DUMP;
  if (!dump) throw new Error('limit.ts needs LIMIT_DATABASE_URL or LIMIT_PGLITE_DUMP');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'draftwell-bench-limit-'));
  // On its own thread, as the server's (db/pglite-thread.ts): each query a named prepared
  // statement there (`createPgliteQuery`), the rows sent back by structured clone.
  const db = await PgliteThread.open({ dir: path.join(dir, 'pglite'), seed: dump });
  return {
    kind: 'pglite',
    query: async <T>(_name: string, text: string, values: unknown[]) => (await db.query<T>(text, values)).rows,
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The session token of a `better-auth.session_token=<token>.<signature>` cookie (unchecked). */
function sessionToken(cookie: string | undefined): string {
  for (const pair of (cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim().endsWith('session_token')) {
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      return value.slice(0, value.lastIndexOf('.'));
    }
  }
  return '';
}

/** The proposal's columns but its document, which goes out as the text PostgreSQL writes. */
const COLUMNS = Object.values(getTableColumns(proposals))
  .filter((column) => column.name !== 'document')
  .map((column) => `p."${column.name}"`)
  .join(', ');

const READ = `
  select ${COLUMNS}, p.document::text as document_text from proposals p join sessions s on s.user_id = p.owner_id
  where s.token = $1 and s.expires_at > now() and p.id = $2 and p.deleted_at is null`;

const SHARE = `
  with hit as (
    insert into app_rate_limits (key, count, window_start) values ($2, 1, now())
    on conflict (key) do update set
      count = case when app_rate_limits.window_start < now() - make_interval(secs => $3) then 1 else app_rate_limits.count + 1 end,
      window_start = case when app_rate_limits.window_start < now() - make_interval(secs => $3) then now() else app_rate_limits.window_start end
    returning count)
  select (select count from hit) as hits, p.status, p.valid_until, p.signing,
    json_build_object('id', s.id, 'position', s.position, 'name', s.name, 'email', s.email, 'role', s.role) as signer,
    (select row_to_json(r) from (select * from proposal_revisions where proposal_id = p.id order by number desc limit 1) r) as revision,
    (select coalesce(json_agg(json_build_object('id', r.id, 'number', r.number, 'hash', r.hash, 'createdAt', r.created_at) order by r.number), '[]')
       from proposal_revisions r where r.proposal_id = p.id) as revisions,
    (select coalesce(json_agg(c order by c.created_at, c.id), '[]') from proposal_comments c where c.proposal_id = p.id) as comments,
    (select json_build_object('acceptance', row_to_json(a), 'number', r.number, 'hash', r.hash, 'snapshot', r.snapshot - 'document',
        'signatures', (select coalesce(json_agg(g order by g.signed_at, g.position), '[]') from signatures g where g.revision_id = r.id))
       from acceptances a join proposal_revisions r on r.id = a.revision_id where a.proposal_id = p.id) as acceptance,
    (select d.status from sealed_documents d where d.proposal_id = p.id) as sealed,
    (select row_to_json(e) from (select data, created_at from proposal_events
       where proposal_id = p.id and type = 'declined' order by seq desc limit 1) e) as decline,
    (select coalesce(json_agg(json_build_object('id', x.id, 'position', x.position, 'party', x.party, 'name', x.name,
        'email', x.email, 'role', x.role) order by x.position, x.created_at), '[]')
       from proposal_signers x where x.proposal_id = p.id and x.removed_at is null) as signers,
    (select coalesce(json_agg(json_build_object('signerId', g.signer_id, 'party', g.party, 'signedAt', g.signed_at,
        'selection', g.selection) order by g.signed_at, g.position), '[]')
       from signatures g where g.revision_id = (select id from proposal_revisions where proposal_id = p.id order by number desc limit 1)) as signatures,
    (select row_to_json(x) from subscriptions x where x.user_id = p.owner_id limit 1) as subscription
  from (select 1) one left join proposal_signers s on s.token_hash = $1
  left join proposals p on p.id = s.proposal_id and p.deleted_at is null`;

const SAVE = `
  update proposals p set title = $3, document = $4::jsonb, version = p.version + 1, updated_at = now()
  from sessions s
  where s.token = $1 and s.expires_at > now() and p.owner_id = s.user_id and p.id = $2
    and p.version = $5 and p.status <> 'accepted' and p.deleted_at is null
  returning ${COLUMNS}`;

const driver = await openDriver();
const app = new Hono();
/** A row's JSON with `documentText` written in as the value of `document`, as it is. */
const withDocument = (row: Record<string, unknown>, documentText: string) =>
  `${JSON.stringify(row).slice(0, -1)},"document":${documentText}}`;
const jsonText = (text: string) => new Response(text, { headers: { 'content-type': 'application/json' } });

/** The client's address: the last hop of X-Forwarded-For (the server's with TRUST_PROXY), else the socket's. */
const clientIp = (c: { req: { header(name: string): string | undefined } }) =>
  c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() || '127.0.0.1';

app.get('/api/proposals/:id', async (c) => {
  const [row] = await driver.query<Record<string, unknown> & { document_text: string }>('limit_read', READ, [
    sessionToken(c.req.header('cookie')),
    c.req.param('id'),
  ]);
  if (!row) return c.json({ error: 'not found' }, 404);
  const { document_text: documentText, ...rest } = row;
  return jsonText(withDocument(rest, documentText));
});
app.get('/api/share/:token', async (c) => {
  const hash = createHash('sha256').update(c.req.param('token')).digest('hex');
  const [row] = await driver.query<{ hits: number; status: string | null }>('limit_share', SHARE, [
    hash,
    `limit-share:${clientIp(c)}`,
    SHARE_RATE.all.windowSeconds,
  ]);
  if (row!.hits > SHARE_RATE.all.max) return c.json({ error: 'rate limited' }, 429);
  return row!.status ? c.json(row) : c.json({ error: 'not found' }, 404);
});
app.patch('/api/proposals/:id', async (c) => {
  const body = await c.req.json<{ version: number; title: string; document: unknown }>();
  const documentText = JSON.stringify(body.document);
  const [row] = await driver.query<Record<string, unknown>>('limit_save', SAVE, [
    sessionToken(c.req.header('cookie')),
    c.req.param('id'),
    body.title,
    documentText,
    body.version,
  ]);
  return row ? jsonText(withDocument(row, documentText)) : c.json({ error: 'conflict' }, 409);
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  announceAndWait(
    (server.address() as AddressInfo).port,
    async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await driver.close();
    },
    { driver: driver.kind },
  );
});
