import autocannon, { type TAutocannonOptions } from 'autocannon';
import { median } from './report';

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

/** A figure over several runs: their median, and the lowest and highest (the spread). */
export type TSpread = { median: number; min: number; max: number };

export function spreadOf(values: number[]): TSpread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** One side of an interleaved measurement: each run's figures, and their spread. */
export type TRuns = {
  url: string;
  connections: number;
  runs: Array<{ reqPerSec: number; p50: number; p99: number; seconds: number }>;
  reqPerSec: TSpread;
  p99Ms: TSpread;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};

export type TInterleaved = { a: TRuns; b: TRuns; /** b ÷ a of each pair of runs. */ ratio: TSpread };

/**
 * Measures two targets under the same load in `runs` pairs of short runs, alternating which goes
 * first (A B, B A, A B…), after a discarded warm-up of each: a neighbour's burst of CPU lands on
 * one run of one pair, and the median of the pairs' ratios leaves it out; the spread shows how
 * much the machine moved.
 */
export async function measureInterleaved(
  a: TTarget,
  b: TTarget,
  opts: { connections: number; runs: number; runSec: number; warmupSec: number },
): Promise<TInterleaved> {
  const run = async (t: TTarget, duration: number) =>
    autocannon({ ...(await setup(t)), connections: opts.connections, duration });
  if (opts.warmupSec > 0) {
    await run(a, opts.warmupSec);
    await run(b, opts.warmupSec);
  }
  const as: TSlice[] = [];
  const bs: TSlice[] = [];
  for (let i = 0; i < opts.runs; i++) {
    if (i % 2 === 0) {
      as.push(await run(a, opts.runSec));
      bs.push(await run(b, opts.runSec));
    } else {
      bs.push(await run(b, opts.runSec));
      as.push(await run(a, opts.runSec));
    }
  }
  const side = (t: TTarget, slices: TSlice[]): TRuns => {
    const runs = slices.map((r) => ({
      reqPerSec: r.requests.total / r.duration,
      p50: r.latency.p50,
      p99: r.latency.p99,
      seconds: r.duration,
    }));
    return {
      url: targetUrl(t),
      connections: opts.connections,
      runs,
      reqPerSec: spreadOf(runs.map((r) => r.reqPerSec)),
      p99Ms: spreadOf(runs.map((r) => r.p99)),
      requests: slices.reduce((sum, r) => sum + r.requests.total, 0),
      errors: slices.reduce((sum, r) => sum + r.errors, 0),
      timeouts: slices.reduce((sum, r) => sum + r.timeouts, 0),
      non2xx: slices.reduce((sum, r) => sum + r.non2xx, 0),
    };
  };
  const sa = side(a, as);
  const sb = side(b, bs);
  return { a: sa, b: sb, ratio: spreadOf(sb.runs.map((r, i) => r.reqPerSec / sa.runs[i]!.reqPerSec)) };
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');

/** "2,105 req/s (1,950–2,240) · p99 51 ms (44–63)": medians of the runs, their spread in brackets. */
export function describeRuns(r: TRuns): string {
  const faults = r.errors + r.timeouts + r.non2xx;
  return (
    `${whole(r.reqPerSec.median)} req/s (${whole(r.reqPerSec.min)}–${whole(r.reqPerSec.max)}) · ` +
    `p99 ${r.p99Ms.median} ms (${r.p99Ms.min}–${r.p99Ms.max})` +
    (faults ? ` · ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : '')
  );
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
