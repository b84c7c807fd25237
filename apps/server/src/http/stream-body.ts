import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { Logger } from 'pino';

/**
 * A stored file's stream as a response body, read only as fast as the response is sent (one
 * chunk per pull) and destroyed when the client goes away. A failure midway (the storage
 * dropped the connection, a sealed PDF's bytes changed) closes the connection at once: the
 * client sees a download cut short, never other bytes in its place (the server adapter would
 * otherwise append an error text to a body already under way), and the failure is logged.
 */
export function streamBody(c: Context, source: Readable, log: Logger): ReadableStream<Uint8Array> {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch (err) {
          log.warn({ err: err instanceof Error ? err.message : String(err) }, 'download stopped midway');
          // Outside the Node adapter (a request handled in-process) there is no connection to close.
          if (outgoing) outgoing.destroy();
          else controller.error(err);
          return;
        }
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      },
      cancel() {
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
