/**
 * Runs tasks with the same key one after another (in this process), tasks with other keys
 * alongside. For short sequences of outside calls that must not interleave for one user, where a
 * database lock would hold a connection (with the embedded database, the only one) across them.
 */
export function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
