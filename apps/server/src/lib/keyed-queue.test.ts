import { describe, expect, it } from 'vitest';
import { keyedQueue } from './keyed-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('keyedQueue', () => {
  it('runs tasks of one key one after another, and other keys alongside', async () => {
    const run = keyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([run('a', task('a1')), run('a', task('a2')), run('b', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('a failed task fails alone; the next one of its key still runs', async () => {
    const run = keyedQueue();
    const failed = run('a', async () => {
      await tick();
      throw new Error('no');
    });
    const next = run('a', async () => 'ran');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('ran');
  });
});
