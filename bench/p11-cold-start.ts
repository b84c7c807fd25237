import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  freePort,
  makeTempDir,
  removeTempDir,
  repoRoot,
  sleep,
  stopChild,
  stopGroup,
  track,
  untrack,
} from './lib/proc';
import { median, ms, verdict, type TRow } from './lib/report';

export const P11_TARGET_MS = 3000;
const RUNS = 3;
const POLL_MS = 20;
const GIVE_UP_MS = 30_000;

export const serverEntry = path.join(repoRoot, 'apps/server/dist/index.mjs');

type TRun = { wallMs: number; cpuMs: number | null };
type TSeries = {
  medianMs: number;
  runsMs: number[];
  /** User + system time of the server process when it became healthy (all its threads), not stretched by a busy machine. */
  medianCpuMs: number | null;
  pass: boolean;
};
export type TP11Result =
  | { skipped: string }
  | {
      entry: string;
      targetMs: number;
      freshDataDir: TSeries;
      existingDataDir: TSeries;
      npmStart: TSeries | { skipped: string };
    };

function probe(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/** The environment of a production start: embedded database, nothing inherited that changes it. */
function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  for (const key of ['DATABASE_URL', 'BASE_URL', 'SMTP_URL', 'AUTH_SECRET', 'npm_config_loglevel']) delete env[key];
  return env;
}

/**
 * Milliseconds from spawning `command` to the first 200 from /healthz, polled every 20 ms.
 * `group`: the command starts children of its own (npm): stop the whole process group we made.
 */
async function timeToHealthy(command: string, args: string[], dataDir: string, group = false): Promise<TRun> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: serverEnv(dataDir, port),
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: group,
  });
  track(child, group ? 'group' : 'process');
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    for (;;) {
      if ((await probe(`http://127.0.0.1:${port}/healthz`)) === 200) {
        const wallMs = performance.now() - started;
        return { wallMs, cpuMs: group || !child.pid ? null : cpuTimeMs(child.pid) };
      }
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `the server exited (${child.signalCode ?? child.exitCode}) before it was healthy:\n${stderr.trim()}`,
        );
      }
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`not healthy after ${GIVE_UP_MS / 1000} s:\n${stderr.trim()}`);
      await sleep(POLL_MS);
    }
  } finally {
    if (group && child.pid) {
      await stopGroup(child.pid);
      untrack(child.pid);
    } else {
      await stopChild(child);
    }
  }
}

/** utime + stime of a live process from /proc (Linux; USER_HZ is 100 there), or null elsewhere. */
function cpuTimeMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const series = (runs: TRun[]): TSeries => {
  const m = median(runs.map((r) => r.wallMs));
  const cpu = runs.map((r) => r.cpuMs).filter((v): v is number => v !== null);
  return {
    medianMs: Math.round(m),
    runsMs: runs.map((r) => Math.round(r.wallMs)),
    medianCpuMs: cpu.length === runs.length ? Math.round(median(cpu)) : null,
    pass: m <= P11_TARGET_MS,
  };
};

const describe = (s: TSeries) =>
  `${ms(s.medianMs)} (runs: ${s.runsMs.map(ms).join(', ')})` +
  (s.medianCpuMs === null ? '' : ` · CPU ${ms(s.medianCpuMs)}`);

async function buildIsFresh(): Promise<boolean> {
  try {
    const mod = await import(pathToFileURL(path.join(repoRoot, 'scripts/fingerprint.mjs')).href);
    return Boolean(mod.buildIsFresh());
  } catch {
    return false;
  }
}

const STALE = 'the build is out of date, so `npm start` would rebuild first; run `npm run build`';

/**
 * `npm start` adds npm itself and the build-freshness hash. It is timed only while the build is
 * fresh, checked before every run: on a stale build it would rebuild, rewriting dist/.
 */
async function measureNpmStart(): Promise<TSeries | { skipped: string }> {
  const runs: TRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (!(await buildIsFresh())) return { skipped: i === 0 ? STALE : `${STALE} (sources changed during the bench)` };
    const dataDir = makeTempDir('draftwell-bench-start-');
    try {
      runs.push(await timeToHealthy('npm', ['start', '--silent'], dataDir, true));
    } finally {
      removeTempDir(dataDir);
    }
  }
  return series(runs);
}

/** P11: cold start of the built server to its first healthy answer, on a new and on an existing DATA_DIR. */
export async function benchP11(): Promise<{ rows: TRow[]; result: TP11Result; notes: string[] }> {
  if (!existsSync(serverEntry)) {
    const skipped = 'the production build is missing (apps/server/dist/index.mjs): run `npm run build` first';
    return {
      result: { skipped },
      notes: [],
      rows: [
        {
          id: 'P11',
          figure: 'cold start to healthy',
          value: `skipped: ${skipped}`,
          target: `≤ ${P11_TARGET_MS / 1000} s`,
          verdict: 'n/a',
        },
      ],
    };
  }
  const fresh: TRun[] = [];
  const existing: TRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = makeTempDir('draftwell-bench-start-');
    try {
      fresh.push(await timeToHealthy(process.execPath, [serverEntry], dataDir));
      existing.push(await timeToHealthy(process.execPath, [serverEntry], dataDir));
    } finally {
      removeTempDir(dataDir);
    }
  }

  const npmStart = await measureNpmStart();

  const result = {
    entry: path.relative(repoRoot, serverEntry),
    targetMs: P11_TARGET_MS,
    freshDataDir: series(fresh),
    existingDataDir: series(existing),
    npmStart,
  };
  const target = `≤ ${P11_TARGET_MS / 1000} s`;
  const row = (figure: string, s: TSeries | { skipped: string }): TRow =>
    'skipped' in s
      ? { id: 'P11', figure, value: `skipped: ${s.skipped}`, target, verdict: 'n/a' }
      : {
          id: 'P11',
          figure,
          value: describe(s),
          target,
          ratio: (s.medianMs / P11_TARGET_MS).toFixed(2),
          verdict: verdict(s.pass),
        };
  return {
    result,
    notes: [
      `P11: spawn → first 200 from /healthz (polled every ${POLL_MS} ms), median of ${RUNS}; node ${result.entry} with NODE_ENV=production, ` +
        'embedded PGlite, LOG_LEVEL=warn; "existing" restarts on the data directory the fresh run just created. Ratio = median time ÷ target. CPU = user + system time the server process had used by then: a busy machine stretches the wall time, not this; it can exceed the wall time, since V8 compiles the PGlite WebAssembly on background threads.',
    ],
    rows: [
      row('cold start, new DATA_DIR (node dist/index.mjs)', result.freshDataDir),
      row('cold start, existing DATA_DIR', result.existingDataDir),
      row('cold start via `npm start`, new DATA_DIR', npmStart),
    ],
  };
}
