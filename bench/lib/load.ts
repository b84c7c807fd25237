import autocannon, { type TAutocannonOptions } from 'autocannon';

/**
 * A URL, a full autocannon setup (headers, method, per-connection requests), or a function that
 * prepares a fresh setup before each run (state that a run's cut-off requests leave unknown).
 */
export type TTarget = string | TAutocannonOptions | { url: string; prepare: () => Promise<TAutocannonOptions> };
const targetUrl = (t: TTarget) => (typeof t === 'string' ? t : t.url);
async function setup(t: TTarget): Promise<TAutocannonOptions> {
  if (typeof t === 'string') return { url: t };
  return 'prepare' in t ? t.prepare() : t;
}

export type TLoadOptions = {
  connections: number;
  /** Measured seconds per target, in total over its slices. */
  durationSec: number;
  warmupSec: number;
};

export type TLoadResult = {
  url: string;
  connections: number;
  durationSec: number;
  reqPerSec: number;
  /** Mean of the slices' p50. */
  latencyP50Ms: number;
  /** Worst of the slices' p99. */
  latencyP99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  slices: Array<{ reqPerSec: number; p50: number; p99: number; seconds: number }>;
};

type TSlice = Awaited<ReturnType<typeof autocannon>>;

function merge(url: string, connections: number, slices: TSlice[]): TLoadResult {
  const seconds = slices.reduce((s, r) => s + r.duration, 0);
  const requests = slices.reduce((s, r) => s + r.requests.total, 0);
  const sum = (f: (r: TSlice) => number) => slices.reduce((s, r) => s + f(r), 0);
  return {
    url,
    connections,
    durationSec: Math.round(seconds * 100) / 100,
    reqPerSec: requests / seconds,
    latencyP50Ms: Math.round((sum((r) => r.latency.p50) / slices.length) * 100) / 100,
    latencyP99Ms: Math.max(...slices.map((r) => r.latency.p99)),
    requests,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    slices: slices.map((r) => ({
      reqPerSec: Math.round(r.requests.total / r.duration),
      p50: r.latency.p50,
      p99: r.latency.p99,
      seconds: r.duration,
    })),
  };
}

/**
 * Measures two targets under the same load, interleaved A-B-B-A in two slices each (after a
 * discarded warm-up of each), so a neighbour's burst of CPU or a frequency change hits both
 * sides alike instead of skewing their ratio.
 */
export async function measurePair(
  a: TTarget,
  b: TTarget,
  opts: TLoadOptions,
): Promise<{ a: TLoadResult; b: TLoadResult }> {
  const run = async (t: TTarget, duration: number) =>
    autocannon({ ...(await setup(t)), connections: opts.connections, duration });
  if (opts.warmupSec > 0) {
    await run(a, opts.warmupSec);
    await run(b, opts.warmupSec);
  }
  const half = opts.durationSec / 2;
  const a1 = await run(a, half);
  const b1 = await run(b, half);
  const b2 = await run(b, half);
  const a2 = await run(a, half);
  return {
    a: merge(targetUrl(a), opts.connections, [a1, a2]),
    b: merge(targetUrl(b), opts.connections, [b1, b2]),
  };
}

/** One target alone: a discarded warm-up, then `durationSec` in two slices. */
export async function measureOne(t: TTarget, opts: TLoadOptions): Promise<TLoadResult> {
  const run = async (duration: number) => autocannon({ ...(await setup(t)), connections: opts.connections, duration });
  if (opts.warmupSec > 0) await run(opts.warmupSec);
  const s1 = await run(opts.durationSec / 2);
  const s2 = await run(opts.durationSec / 2);
  return merge(targetUrl(t), opts.connections, [s1, s2]);
}

export function describeLoad(r: TLoadResult): string {
  const faults = r.errors + r.timeouts + r.non2xx;
  return (
    `${Math.round(r.reqPerSec).toLocaleString('en-US')} req/s · p50 ${r.latencyP50Ms} ms · p99 ${r.latencyP99Ms} ms` +
    (faults ? ` · ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : '')
  );
}
