import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * Sets a header of the answer on Node's own response when the request came through the Node
 * server (`c.env.outgoing`), else through Hono (`app.request` in tests).
 *
 * Why: one `c.header()` before the handler makes Hono build the answer with a WHATWG `Headers`
 * (undici's, which checks every name and value), and @hono/node-server then reads it back into a
 * plain object to write it. Without one, `c.json` and `c.body` hand Node a plain object, which it
 * writes as it is. The headers every answer carries (the security headers, the request id) were
 * a tenth of a small answer's time (P1). Node merges the headers set here with the answer's own
 * (`writeHead`), the answer's winning on the same name, as a later `c.header()` did.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing && !outgoing.headersSent && typeof outgoing.setHeader === 'function') outgoing.setHeader(name, value);
  else c.header(name, value);
}

/** Removes a header of the answer, wherever it was set (setResponseHeader's counterpart). */
export function removeResponseHeader(c: Context, name: string): void {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing && !outgoing.headersSent && typeof outgoing.removeHeader === 'function') outgoing.removeHeader(name);
  c.header(name, undefined);
}
