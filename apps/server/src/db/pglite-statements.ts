import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Distinct statement texts kept prepared; past it, new texts take PGlite's own path. */
export const PGLITE_STATEMENT_CACHE_MAX = 500;

type TStatement = { name: string; paramTypes: number[] };
type TBackendMessages = Awaited<ReturnType<PGlite['execProtocol']>>['messages'];

/**
 * The statements prepared in each PGlite, by text. Per database, not per caller: two servers
 * sharing one PGlite (tests) share its session, where a name can be prepared only once.
 */
const prepared = new WeakMap<PGlite, Map<string, TStatement>>();

/**
 * PGlite's `query` with each parameterised statement parsed once, as a named prepared statement,
 * then only bound and executed: the same as `pg` does for a named query on a server.
 *
 * Why: PGlite's own `query` sends an unnamed Parse for every call, so PostgreSQL parses and plans
 * the statement every time, and in WebAssembly on the event loop's thread that planning is about
 * half of a short query's time (bench: `npm run bench -- --only workspace`, the PGlite notes).
 * A named statement is planned with the values of its first runs and then, when PostgreSQL finds
 * its generic plan as good, not again (its usual plan cache).
 *
 * It does what PGlite's `query` does otherwise, step by step: the same locks (so it never runs
 * inside someone's transaction), the same protocol messages but the statement's name, the same
 * serializers and result parsing (`options` honoured), the same error with `query` and `params`
 * on it, and the same write-out to disk afterwards. Statements without parameters, and calls with
 * a blob (COPY), go to PGlite's `query` unchanged, and so does everything inside a transaction.
 */
export function createPgliteQuery(pglite: PGlite) {
  const statements = prepared.get(pglite) ?? new Map<string, TStatement>();
  prepared.set(pglite, statements);

  const send = async (message: Uint8Array): Promise<TBackendMessages> =>
    (await pglite.execProtocol(message, { syncToFs: false })).messages;

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const messages: TBackendMessages = [];
    let statement = statements.get(text);
    try {
      if (!statement) {
        const name = `draftwell_pglite_${statements.size}`;
        await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }));
        const description = await send(protocol.serialize.describe({ type: 'S', name }));
        statement = { name, paramTypes: parse.parseDescribeStatementResults(description) };
        statements.set(text, statement);
      }
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = types[i]!;
        const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(
        ...(await send(protocol.serialize.bind({ statement: statement.name, values }))),
        ...(await send(protocol.serialize.describe({ type: 'P' }))),
        ...(await send(protocol.serialize.execute({}))),
      );
    } catch (err) {
      if (err instanceof Error && 'severity' in err) Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    } finally {
      messages.push(...(await send(protocol.serialize.sync())));
    }
    await pglite.syncToFs();
    return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
  }

  return async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const cached = statements.has(text);
    if (!params?.length || options?.blob || (!cached && statements.size >= PGLITE_STATEMENT_CACHE_MAX)) {
      return pglite.query<T>(text, params, options);
    }
    await pglite.waitReady;
    return pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => run<T>(text, params, options)));
  };
}

/**
 * The client Drizzle is given: the PGlite itself, whose `query` is the one above. Drizzle calls
 * `query` and `transaction` on it; a transaction's own queries stay PGlite's (they come through
 * the transaction's handle, not this object).
 */
export function withPreparedStatements(pglite: PGlite): PGlite {
  const query = createPgliteQuery(pglite);
  return new Proxy(pglite, {
    get(target, key) {
      if (key === 'query') return query;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
