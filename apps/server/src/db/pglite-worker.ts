import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { createPgliteQuery } from './pglite-statements';
import { toWireError, type TPgliteRequest, type TPgliteResponse, type TWireQueryOptions } from './pglite-wire';

/**
 * PGlite on its own thread (see pglite-thread.ts): opens the data directory it is given and
 * answers the server's messages (pglite-wire.ts). Built as apps/server/dist/pglite-worker.mjs;
 * from source it is bundled on first use (lib/worker-source.ts).
 */
if (!parentPort) throw new Error('pglite-worker runs only as a worker thread of the server.');
const port = parentPort;
const { dir, seed } = workerData as { dir: string; seed?: string };
const post = (message: TPgliteResponse) => port.postMessage(message);

/** Kept as text, like Drizzle's own parsers do in the same process. */
const keepText = (value: string) => value;

function queryOptions(wire: TWireQueryOptions): QueryOptions {
  const options: QueryOptions = {};
  if (wire.rowMode) options.rowMode = wire.rowMode;
  if (wire.rawTypes?.length) options.parsers = Object.fromEntries(wire.rawTypes.map((type) => [type, keepText]));
  return options;
}

/** A transaction the server holds open: its handle, and how to end it (commit or roll back). */
type TOpen = { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> };
const ROLLBACK = Symbol('rollback');

async function main() {
  const isNew = !existsSync(path.join(dir, 'PG_VERSION'));
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(
    dir,
    isNew && seed && existsSync(seed) ? { loadDataDir: new Blob([readFileSync(seed)]) } : {},
  );
  const query = createPgliteQuery(pglite);
  const open = new Map<number, TOpen>();
  const listening = new Map<string, () => Promise<void>>();
  let nextTx = 1;

  const begin = () =>
    new Promise<number>((resolve, reject) => {
      const id = nextTx++;
      let started = false;
      const done = pglite
        .transaction(async (tx) => {
          started = true;
          const commit = await new Promise<boolean>((end) => {
            open.set(id, { tx, end, done });
            resolve(id);
          });
          if (!commit) throw ROLLBACK;
        })
        .then(
          () => undefined,
          (err: unknown) => {
            if (!started) reject(err as Error);
            if (err !== ROLLBACK && started) throw err;
          },
        );
    });

  const handle = async (request: TPgliteRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const options = queryOptions(request.options);
        const target = request.tx === undefined ? null : open.get(request.tx)?.tx;
        if (request.tx !== undefined && !target) throw new Error('That transaction has ended.');
        const result = target
          ? await target.query(request.text, request.params, options)
          : await query(request.text, request.params, options);
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec': {
        const target = request.tx === undefined ? pglite : open.get(request.tx)?.tx;
        if (!target) throw new Error('That transaction has ended.');
        return (await target.exec(request.text)).map((r) => ({
          rows: r.rows,
          fields: r.fields,
          affectedRows: r.affectedRows,
        }));
      }
      case 'begin':
        return begin();
      case 'end': {
        const entry = open.get(request.tx);
        if (!entry) throw new Error('That transaction has ended.');
        open.delete(request.tx);
        entry.end(request.commit);
        await entry.done;
        return null;
      }
      case 'listen': {
        if (!listening.has(request.channel)) {
          const channel = request.channel;
          listening.set(
            channel,
            await pglite.listen(channel, (payload) => post({ notification: { channel, payload } })),
          );
        }
        return null;
      }
      case 'unlisten': {
        const unsubscribe = listening.get(request.channel);
        listening.delete(request.channel);
        await unsubscribe?.();
        return null;
      }
      case 'close':
        if (!pglite.closed) await pglite.close();
        return null;
    }
  };

  const fail = (id: number, err: unknown) => post({ id, ok: false, error: toWireError(err) });
  port.on('message', (request: TPgliteRequest) => {
    handle(request).then(
      (value) => {
        try {
          post({ id: request.id, ok: true, value });
        } catch (err) {
          fail(request.id, err); // a value that cannot be cloned: the caller gets an error, not silence
        }
      },
      (err: unknown) => fail(request.id, err),
    );
  });
  post({ ready: true });
}

main().catch((err: unknown) => post({ failed: toWireError(err) }));
