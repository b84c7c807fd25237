import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { jobLoop } from './job-loop';

const quiet = pino({ level: 'silent' });

/** A pass the test lets finish: each call waits for `finish()` and answers `done`. */
function heldPasses() {
  const calls: Array<(done: number) => void> = [];
  const pass = () => new Promise<number>((resolve) => calls.push(resolve));
  return { pass, calls };
}

describe('jobLoop', () => {
  it('runs one pass at a time, and another right after when kicked during one', async () => {
    const { pass, calls } = heldPasses();
    const loop = jobLoop({ name: 'test', pollMs: 60_000, logger: quiet, pass });
    const drained = loop.drain();
    loop.kick();
    loop.kick();
    expect(calls).toHaveLength(1);
    calls[0]!(2);
    await expect.poll(() => calls.length).toBe(2);
    calls[1]!(1);
    // drain's second run starts once the first (with its kicked pass) ended.
    await expect.poll(() => calls.length).toBe(3);
    calls[2]!(0);
    await expect(drained).resolves.toBe(3);
    await loop.stop();
  });

  it('logs a pass that throws, and the next run starts afresh', async () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    let fail = true;
    const loop = jobLoop({
      name: 'flaky',
      pollMs: 60_000,
      logger,
      pass: async () => {
        if (fail) throw new Error('database away');
        return 4;
      },
    });
    await expect(loop.drain()).resolves.toBe(0);
    expect(warnings).toContain('flaky pass failed');
    fail = false;
    await expect(loop.drain()).resolves.toBe(8);
  });

  it('listens on its channel from start until stop, which waits for the running pass', async () => {
    const { pass, calls } = heldPasses();
    let notify: ((payload: string) => void) | null = null;
    let unlistened = false;
    const database = {
      listen: async (channel: string, onPayload: (payload: string) => void) => {
        expect(channel).toBe('jobs');
        notify = onPayload;
        return async () => {
          unlistened = true;
        };
      },
    };
    const loop = jobLoop({ name: 'test', pollMs: 60_000, logger: quiet, pass, wake: { database, channel: 'jobs' } });
    await loop.start();
    expect(calls).toHaveLength(1);
    calls[0]!(0);
    // The first pass has ended (its promise settled) before the notification comes.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(1);
    notify!('');
    expect(calls).toHaveLength(2);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    calls[1]!(0);
    await stopping;
    expect(unlistened).toBe(true);
    loop.kick();
    expect(calls).toHaveLength(2);
  });

  it("gives drain's argument to its own pass, and calls onStop before waiting for the running pass", async () => {
    const seen: Array<string | undefined> = [];
    const { pass, calls } = heldPasses();
    const events: string[] = [];
    const loop = jobLoop<string>({
      name: 'test',
      pollMs: 60_000,
      logger: quiet,
      pass: (arg) => {
        seen.push(arg);
        return pass();
      },
      onStop: () => events.push('onStop'),
    });
    const drained = loop.drain('t1');
    calls[0]!(1);
    await expect.poll(() => calls.length).toBe(2);
    calls[1]!(0);
    await expect(drained).resolves.toBe(1);
    expect(seen).toEqual(['t1', 't1']);

    loop.kick();
    const stopping = loop.stop().then(() => events.push('stopped'));
    await Promise.resolve();
    expect(events).toEqual(['onStop']);
    calls[2]!(0);
    await stopping;
    expect(events).toEqual(['onStop', 'stopped']);
    expect(seen).toEqual(['t1', 't1', undefined]);
  });
});
