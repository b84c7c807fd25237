import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeLoad, measurePair, type TLoadOptions, type TLoadResult } from './lib/load';
import { repoRoot, startServerChild, type TServerChild } from './lib/proc';
import { verdict, type TRow } from './lib/report';

export const P1_TARGET = 0.6;

export type TP1Result = {
  settings: TLoadOptions;
  bare: TLoadResult;
  full: TLoadResult;
  ratio: number;
  target: number;
  pass: boolean;
};

const faults = (r: TLoadResult) => r.errors + r.timeouts + r.non2xx;
const round = (n: number) => Math.round(n).toLocaleString('en-US');

async function expectOk(url: string): Promise<void> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}, not 200`);
  await res.arrayBuffer();
}

/**
 * The full server as it ships when the build is current (the bundle `npm start` runs), else the
 * source through tsx, which costs more per request (it names every closure at run time) and so is
 * said in the notes.
 */
async function fullServerScript(): Promise<{ script: string; note: string }> {
  const built = path.join(repoRoot, 'apps/server/dist/index.mjs');
  let fresh = false;
  if (existsSync(built)) {
    const mod = (await import(pathToFileURL(path.join(repoRoot, 'scripts/fingerprint.mjs')).href)) as {
      buildIsFresh: () => boolean;
    };
    fresh = mod.buildIsFresh();
  }
  return fresh
    ? {
        script: 'bench/servers/full-built.ts',
        note: 'the production bundle (apps/server/dist/index.mjs, as `npm start` runs it)',
      }
    : {
        script: 'bench/servers/full.ts',
        note:
          'startServer() from the source through tsx, since the build is missing or out of date (`npm run build` ' +
          'first measures the bundle that ships; tsx makes each request cost more)',
      };
}

/** P1: `GET /healthz` through every Draftwell middleware ÷ Hono's hello-world, same load. */
export async function benchP1(settings: TLoadOptions): Promise<{ rows: TRow[]; result: TP1Result; notes: string[] }> {
  const children: TServerChild[] = [];
  try {
    const bare = await startServerChild('bench/servers/bare.ts');
    children.push(bare);
    const fullServer = await fullServerScript();
    const full = await startServerChild(fullServer.script);
    children.push(full);
    await expectOk(`${bare.url}/`);
    await expectOk(`${full.url}/healthz`);

    const { a: bareResult, b: fullResult } = await measurePair(`${bare.url}/`, `${full.url}/healthz`, settings);
    const ratio = fullResult.reqPerSec / bareResult.reqPerSec;
    const result: TP1Result = {
      settings,
      bare: bareResult,
      full: fullResult,
      ratio,
      target: P1_TARGET,
      // A ratio over failed requests means nothing: any error or non-2xx fails the figure.
      pass: ratio >= P1_TARGET && faults(bareResult) === 0 && faults(fullResult) === 0,
    };
    const load = `${settings.connections} conn, ${settings.durationSec} s`;
    const notes = [
      `P1: ${settings.durationSec} s per server at ${settings.connections} connections after a ${settings.warmupSec} s warm-up each, ` +
        `interleaved bare/full/full/bare in ${settings.durationSec / 2} s slices; p50 is the slices' mean, p99 the worst slice's. ` +
        `Full stack: ${fullServer.note}, in production mode, embedded PGlite on a temp DATA_DIR, LOG_LEVEL=warn ` +
        '(/healthz logs no request line at any level; only /api/* and /realtime do).',
    ];
    return {
      result,
      notes,
      rows: [
        {
          id: 'P1',
          figure: `bare Hono hello-world (${load})`,
          value: describeLoad(bareResult),
          target: '',
          verdict: 'n/a',
        },
        {
          id: 'P1',
          figure: `full stack GET /healthz (${load})`,
          value: describeLoad(fullResult),
          target: '',
          verdict: 'n/a',
        },
        {
          id: 'P1',
          figure: 'full ÷ bare (req/s)',
          value: `${round(fullResult.reqPerSec)} / ${round(bareResult.reqPerSec)} req/s`,
          target: `≥ ${P1_TARGET}`,
          ratio: ratio.toFixed(2),
          verdict: verdict(result.pass),
        },
      ],
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
