import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { checkedStream, exactLength } from './file-storage';

/**
 * A stored file found altered (or of another length) before anyone reads it: the error waits for
 * the reader instead of escaping as an uncaught exception, which would stop the server.
 */
describe('checked streams fail to their reader, never to the process', () => {
  it('a file whose SHA-256 differs, left unread until it has ended', async () => {
    let mismatches = 0;
    const stream = checkedStream(Readable.from([Buffer.from('altered bytes')]), '0'.repeat(64), () => mismatches++);
    // Let the source end and the check fail with nobody reading yet.
    await new Promise((r) => setTimeout(r, 50));
    expect(mismatches).toBe(1);
    await expect(
      (async () => {
        for await (const chunk of stream) void chunk;
      })(),
    ).rejects.toThrow('The stored file does not match its SHA-256.');
  });

  it('an upload shorter than announced, left unread until it has ended', async () => {
    const stream = exactLength(Readable.from([Buffer.from('short')]), 100);
    await new Promise((r) => setTimeout(r, 50));
    await expect(
      (async () => {
        for await (const chunk of stream) void chunk;
      })(),
    ).rejects.toThrow(/shorter/);
  });
});
