import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchLighthouse } from './lighthouse';
import { benchP1 } from './p1-healthz';
import { benchP11 } from './p11-cold-start';
import { benchP6 } from './p6-pdf-under-load';
import { benchP7 } from './p7-pdf';
import { benchP8 } from './p8-bundle';
import { benchP10 } from './p10-typing';
import { benchP12 } from './p12-screens';
import { benchWorkspace } from './p2-p4-p5-workspace';
import { benchWorkspaceBaseline } from './p2-p5-baseline';
import { parseBenchArgs } from './lib/compare';
import { repoRoot } from './lib/proc';
import { formatTable, type TRow } from './lib/report';

/**
 * `npm run bench [-- --only p1,workspace,p6,p7,p11,p8,p10,p12,lighthouse]`: measures the figures of QUALITY.md's Speed table that
 * exist so far, prints them as one table and writes bench/results/latest.json. Every ratio
 * comes from this one run on this one machine. The bench only reports: a missed target does
 * not change the exit code; a scenario that crashes does.
 *
 * `npm run bench -- --only workspace --baseline <git-ref>`: instead of P2–P5 against their targets,
 * P2–P5 of the commit <git-ref> (a git worktree, running its own workspace server) and of this
 * checkout, interleaved in the same run, each figure's current ÷ baseline, FAIL where one is
 * worse by more than 5% (p2-p5-baseline.ts). Written to bench/results/baseline.json instead.
 */
// Ctrl-C: exit through process.on('exit'), which stops the process groups the bench started.
process.once('SIGINT', () => process.exit(130));

const USAGE =
  'usage: npm run bench [-- --only p1,workspace,p6,p7,p11,p8,p10,p12,lighthouse] [--baseline <git-ref>] [--runs <n>]\n' +
  '  --baseline <git-ref>  P2–P5 of <git-ref> and of this checkout, interleaved in one run (current ÷ baseline)\n' +
  '  --runs <n>            pairs of runs per workspace figure (P2–P4, and P5 with --baseline); 5 by default';
if (process.argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const { only, baseline, runs } = (() => {
  try {
    return parseBenchArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    process.exit(2);
  }
})();
const wanted = (id: string) => !only || only.has(id);

const rows: TRow[] = [];
const notes: string[] = [];
const results: Record<string, unknown> = {};
let crashed = false;

async function scenario(
  id: string,
  title: string,
  fn: () => Promise<{ rows: TRow[]; result: unknown; notes?: string[] }>,
) {
  if (!wanted(id)) return;
  process.stderr.write(`… ${title}\n`);
  try {
    const out = await fn();
    rows.push(...out.rows);
    notes.push(...(out.notes ?? []));
    results[id] = out.result;
  } catch (err) {
    crashed = true;
    const message = err instanceof Error ? err.message : String(err);
    rows.push({
      id: id.toUpperCase(),
      figure: title,
      value: `error: ${message.split('\n')[0]}`,
      target: '',
      verdict: 'FAIL',
    });
    results[id] = { error: message };
    process.stderr.write(`${id} failed:\n${err instanceof Error ? (err.stack ?? message) : message}\n`);
  }
}

const machine = {
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
};

const loadBefore = os.loadavg()[0]!;
await scenario('p1', 'P1 GET /healthz, full stack ÷ bare Hono', () =>
  benchP1({ connections: 50, durationSec: 5, warmupSec: 1 }),
);
const workspaceSettings = {
  connections: 50,
  durationSec: 5,
  warmupSec: 1,
  listConnections: 4,
  runs: runs ?? 5,
  runSec: 3,
};
if (baseline) {
  await scenario('workspace', `P2, P3, P4, P5 of ${baseline} and of this checkout, interleaved`, () =>
    // 5 (--runs) interleaved pairs of 3 s runs of the baseline's server and this checkout's, for each figure.
    benchWorkspaceBaseline(workspaceSettings, baseline),
  );
} else {
  await scenario('workspace', 'P2, P3, P4, P5 signed-in reads, the client view, autosave and the list', () =>
    // P2–P4: 5 interleaved pairs of 3 s runs of the server and its limit; P5 and the probe: 5 s.
    benchWorkspace(workspaceSettings),
  );
}
await scenario('p6', 'P6 signed-in reads while PDF exports and sign-ins run', () =>
  benchP6({ connections: 50, durationSec: 6, warmupSec: 1, pdfConnections: 2, signInConnections: 2 }),
);
await scenario('p7', 'P7 PDF render time (5 and 30 pages), P13 sealing it', () => benchP7());
await scenario('p11', 'P11 cold start of the built server to healthy', () => benchP11());
await scenario('p8', 'P8 initial JS as transferred', () => benchP8());
await scenario('p10', 'P10 typing in a 30-page proposal', () => benchP10());
await scenario('p12', 'P12 protected screens: time to ready and request steps', () => benchP12());
await scenario('lighthouse', 'Lighthouse (mobile) of the public pages and the client view', () => benchLighthouse());
const loadAfter = os.loadavg()[0]!;
if (Math.max(loadBefore, loadAfter) > machine.cpus * 0.75) {
  notes.push(
    `Note: the machine was busy (1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${machine.cpus} CPUs): ` +
      'absolute figures are low and ratios noisier than on a quiet machine.',
  );
}

console.log(
  `\nDraftwell bench — ${new Date().toISOString()} — Node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}\n`,
);
console.log(formatTable(rows));
if (notes.length) console.log(`\n${notes.join('\n\n')}`);

const outDir = path.join(repoRoot, 'bench/results');
mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, baseline ? 'baseline.json' : 'latest.json');
writeFileSync(
  outFile,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: { ...machine, loadBefore, loadAfter }, rows, notes, results }, null, 2)}\n`,
);
console.log(`\nWritten: ${path.relative(process.cwd(), outFile)}`);
process.exitCode = crashed ? 1 : 0;
