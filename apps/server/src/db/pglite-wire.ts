/**
 * The messages between the server and PGlite's thread (pglite-thread.ts, pglite-worker.ts).
 * Values cross by structured clone: strings, numbers, Dates, Uint8Arrays, plain objects.
 */

/** What the server asks. `tx`: inside that transaction (its id from `begin`). */
export type TPgliteAsk =
  | { op: 'query'; text: string; params: unknown[]; options: TWireQueryOptions; tx?: number }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' };

/** An ask with its number, which the answer carries back. */
export type TPgliteRequest = TPgliteAsk & { id: number };

/**
 * A query's options that can cross a thread: the row mode, and the types whose text is kept as
 * it is (Drizzle's parsers, all `(value) => value`). A parser that changes values cannot cross.
 */
export type TWireQueryOptions = { rowMode?: 'array' | 'object'; rawTypes?: number[] };

/** A PostgreSQL error's fields (DatabaseError's), so the server's error has the same ones. */
export type TWireError = { message: string; name: string; fields: Record<string, unknown> };

export type TPgliteResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: TWireError }
  | { notification: { channel: string; payload: string } }
  | { ready: true }
  | { failed: TWireError };

/** The error's own fields, plus message and name: what crosses the thread boundary. */
export function toWireError(err: unknown): TWireError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (key === 'stack') continue;
    // What cannot be cloned (a query's parsers, functions) stays behind: a whole error must cross.
    try {
      fields[key] = structuredClone(value);
    } catch {
      // left out
    }
  }
  return { message: err.message, name: err.name, fields };
}

export function fromWireError(wire: TWireError): Error {
  const err = new Error(wire.message);
  err.name = wire.name;
  return Object.assign(err, wire.fields);
}
