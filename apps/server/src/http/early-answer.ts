import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';

/**
 * A body an early answer left unread, up to this size, is read to its end (and dropped) before the
 * answer goes, so the connection stays usable: as large as any JSON body the server accepts.
 */
export const DRAIN_MAX_BYTES = 1024 * 1024;
/** How long such a body may take to arrive; past it the connection is closed instead. */
export const DRAIN_TIMEOUT_MS = 5000;
/** After an answer that closes the connection, how long what the client still sends is read and dropped. */
export const LINGER_MS = 2000;

/**
 * Keeps a keep-alive connection usable after an answer sent before the request's body was read:
 * a 413 from the body limit, a 415, 403, 401, 404 or 429 decided from the headers (issue 24). The
 * node server reads such a body for half a second and then closes the socket without a word, so
 * a client that put the connection back in its pool sends its next request into a closing socket
 * ("other side closed").
 *
 * So, once the answer is made and the body has not all arrived: a body of known length up to
 * `DRAIN_MAX_BYTES`, which nobody started reading, is read to its end first, and the answer then
 * keeps the connection; any other (over that, chunked, half read, or too slow) gets
 * `Connection: close`, which tells the client not to reuse it, and the socket closes cleanly.
 * Outside the node server (`app.request` in tests) there is no socket, and nothing to do.
 */
export function keepConnectionsUsable(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (!incoming || incoming.complete) return;
    const length = Number(incoming.headers['content-length']);
    const known = incoming.headers['transfer-encoding'] === undefined && Number.isSafeInteger(length);
    if (known && length <= DRAIN_MAX_BYTES && !incoming.readableDidRead && (await readToEnd(incoming))) return;
    c.header('connection', 'close');
    lingerOnClose(incoming.socket);
  };
}

/** Reads and drops the rest of the body; false when it does not end within DRAIN_TIMEOUT_MS. */
function readToEnd(incoming: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ended: boolean) => {
      clearTimeout(timer);
      incoming.off('end', onEnd);
      incoming.off('error', onFailure);
      incoming.off('close', onFailure);
      resolve(ended);
    };
    const onEnd = () => done(true);
    const onFailure = () => done(false);
    const timer = setTimeout(onFailure, DRAIN_TIMEOUT_MS);
    incoming.on('end', onEnd);
    incoming.on('error', onFailure);
    incoming.on('close', onFailure);
    // Flowing with no 'data' listener: every chunk is dropped as it comes.
    incoming.resume();
  });
}

const lingering = new WeakSet<Socket>();

/**
 * Node ends a connection whose answer said `Connection: close` with `destroySoon()`: it closes
 * the socket as soon as the answer is written. Bytes the client is still sending then make the
 * kernel answer with a reset, which can throw away the answer before the client has read it
 * (RFC 9112 §9.6). This socket instead closes its own side and reads and drops what comes for
 * up to LINGER_MS (or until the client closes), then closes.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => {
    if (socket.destroyed || lingering.has(socket)) return;
    lingering.add(socket);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.end();
    socket.resume();
  };
}
