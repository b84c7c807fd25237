import { median } from './report';

/** The rule for a change: "no figure worse by more than 5%" than before it. */
export const WORSE_BY = 0.05;

export type TSpread = { median: number; min: number; max: number };

export type TCompared = {
  baseline: TSpread;
  current: TSpread;
  /** current ÷ baseline of each pair of runs: their median, lowest and highest. */
  ratio: TSpread;
  /** The median ratio is more than WORSE_BY the wrong way. */
  worse: boolean;
};

const spread = (values: number[]): TSpread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

/**
 * One figure of two checkouts measured in pairs of runs (the i-th of each side ran next to each
 * other): current ÷ baseline pair by pair, so that a neighbour's burst of CPU, which lands on one
 * pair, moves one ratio and not the median. `better`: whether more (req/s) or less (p99) is better.
 */
export function compareRuns(baseline: number[], current: number[], better: 'higher' | 'lower'): TCompared {
  if (baseline.length === 0 || baseline.length !== current.length) {
    throw new Error(`compareRuns: ${baseline.length} baseline runs and ${current.length} current runs`);
  }
  // A p99 of 0 ms on both sides (a resolution of whole milliseconds) is no change.
  const ratios = current.map((c, i) => {
    const b = baseline[i]!;
    if (b === 0) return c === 0 ? 1 : Infinity;
    return c / b;
  });
  const ratio = spread(ratios);
  const worse = better === 'higher' ? ratio.median < 1 - WORSE_BY : ratio.median > 1 + WORSE_BY;
  return { baseline: spread(baseline), current: spread(current), ratio, worse };
}

/**
 * `--only`, `--baseline` and `--runs` from the bench's arguments (others are ignored, as they
 * always were). `--runs`: pairs of runs per workspace figure, more for a steadier median.
 */
export function parseBenchArgs(argv: string[]): {
  only: Set<string> | null;
  baseline: string | null;
  runs: number | null;
} {
  const i = argv.indexOf('--only');
  const only = i >= 0 ? new Set((argv[i + 1] ?? '').toLowerCase().split(',')) : null;
  let baseline: string | null = null;
  for (let j = 0; j < argv.length; j++) {
    const arg = argv[j]!;
    if (arg === '--baseline') {
      baseline = argv[j + 1] ?? '';
      if (!baseline || baseline.startsWith('-')) throw new Error('--baseline needs a git ref: --baseline HEAD~1');
    } else if (arg.startsWith('--baseline=')) {
      baseline = arg.slice('--baseline='.length);
      if (!baseline) throw new Error('--baseline needs a git ref: --baseline=HEAD~1');
    }
  }
  if (baseline !== null && only && !only.has('workspace')) {
    throw new Error('--baseline compares the workspace figures (P2–P5): add workspace to --only');
  }
  const r = argv.indexOf('--runs');
  const runs = r >= 0 ? Number(argv[r + 1]) : null;
  if (runs !== null && !(Number.isInteger(runs) && runs >= 1)) throw new Error('--runs needs a whole number ≥ 1');
  return { only, baseline, runs };
}
