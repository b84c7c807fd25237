import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';

/** Refuses (as a type error) a body whose JSON would have another type, such as one holding a Date. */
type TSameAsJson<T> = [T] extends [JSONParsed<T>] ? unknown : { 'JSON would change this body': never };

/**
 * `c.json(body, status)` for a body whose type already is its JSON form, as the shared types are
 * (times as ISO strings): the typed client (`hc`) then gives the web app that very type. `c.json`
 * types its answer as `JSONParsed<T>`, which stops at a type that refers to itself (the document's
 * rich text) and leaves an untyped `JSONValue` there, so a body holding a document goes through here.
 */
export function exactJson<T extends object, S extends ContentfulStatusCode>(
  c: Context,
  body: T & TSameAsJson<T>,
  status: S,
): Response & TypedResponse<T, S, 'json'> {
  return c.json(body as object, status) as Response & TypedResponse<T, S, 'json'>;
}

/**
 * A JSON answer already written as text (`proposalJson`), typed for the typed client as `T`: the
 * caller vouches that the text is `T`'s JSON. The same content type as `c.json`.
 */
export function jsonText<T extends object, S extends ContentfulStatusCode>(
  c: Context,
  text: string,
  status: S,
): Response & TypedResponse<T, S, 'json'> {
  return c.body(text, status, { 'content-type': 'application/json' }) as unknown as Response &
    TypedResponse<T, S, 'json'>;
}
