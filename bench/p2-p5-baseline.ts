import { measureInterleaved, type TInterleaved, type TRuns } from './lib/load';
import { describeCurrent, openBaseline, type TBaselineCheckout } from './lib/baseline';
import { compareRuns, WORSE_BY, type TCompared } from './lib/compare';
import { createDatabase, startBenchPostgres } from './lib/postgres';
import { startServerChild, type TServerChild } from './lib/proc';
import type { TRow } from './lib/report';
import {
  autosaveTarget,
  expectOk,
  SHARE_CLIENTS,
  shareTarget,
  type TWorkspaceInfo,
  type TWorkspaceSettings,
} from './p2-p4-p5-workspace';

/**
 * `npm run bench -- --only workspace --baseline <git-ref>`: P2–P5 of two checkouts in one run,
 * a change's before and after measured alike. The baseline is a git worktree of the ref
 * (lib/baseline.ts) running ITS OWN bench/servers/workspace.ts, and so its own server code; this
 * checkout runs its own. Both servers run at once, each on its own database of the same kind
 * (PGlite; then on PostgreSQL, each its own fresh database on the same server), seeded by the
 * same script, and every figure alternates baseline and current runs under the same load (A B,
 * B A, …), so that the machine's other load hits both alike. Each figure is compared pair of runs
 * by pair of runs; one worse by more than 5% is flagged FAIL.
 */

const WORKSPACE_SERVER = 'bench/servers/workspace.ts';

/** What the comparison needs of a workspace server's announcement: any other interface is an error. */
function announced(server: TServerChild, who: string): TWorkspaceInfo {
  const info = server.info;
  const expected: Record<string, (v: unknown) => boolean> = {
    cookie: (v) => typeof v === 'string',
    origin: (v) => typeof v === 'string',
    readId: (v) => typeof v === 'string',
    writeIds: (v) => Array.isArray(v) && v.every((id) => typeof id === 'string'),
    shareToken: (v) => typeof v === 'string',
    seeded: (v) => typeof v === 'number',
    database: (v) => typeof v === 'string',
  };
  const wrong = Object.entries(expected)
    .filter(([key, ok]) => !ok(info[key]))
    .map(([key]) => key);
  if (wrong.length) {
    throw new Error(
      `${who}: its ${WORKSPACE_SERVER} announced no valid ${wrong.join(', ')}, so its interface is not the one this ` +
        'bench measures (an older commit?); compare against a commit whose workspace server announces them',
    );
  }
  return info as TWorkspaceInfo;
}

type TDatabases = { kind: 'pglite' } | { kind: 'postgres'; baselineUrl: string; currentUrl: string; label: string };

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const faults = (r: TRuns) => r.errors + r.timeouts + r.non2xx;
const faultText = (r: TRuns) => (faults(r) ? ` (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)` : '');

/** A row of the table: both sides' medians with their spread, current ÷ baseline, FAIL if worse by more than 5%. */
function comparedRow(
  id: string,
  figure: string,
  pair: TInterleaved,
  measure: 'req/s' | 'p99',
): { row: TRow; compared: TCompared } {
  const reqs = measure === 'req/s';
  const pick = (r: TRuns) => r.runs.map((run) => (reqs ? run.reqPerSec : run.p99));
  const compared = compareRuns(pick(pair.a), pick(pair.b), reqs ? 'higher' : 'lower');
  const show = (s: TCompared['baseline']) =>
    reqs ? `${whole(s.median)} (${whole(s.min)}–${whole(s.max)})` : `${s.median} (${s.min}–${s.max}) ms`;
  const { ratio } = compared;
  const clean = faults(pair.a) + faults(pair.b) === 0;
  return {
    compared,
    row: {
      id,
      figure: `${figure}, ${measure}`,
      value:
        `baseline ${show(compared.baseline)}${faultText(pair.a)} · ` +
        `current ${show(compared.current)}${faultText(pair.b)}`,
      target: reqs ? `current ÷ baseline ≥ ${1 - WORSE_BY}` : `current ÷ baseline ≤ ${1 + WORSE_BY}`,
      ratio: `${ratio.median.toFixed(2)} (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})`,
      verdict: !compared.worse && clean ? 'PASS' : 'FAIL',
    },
  };
}

/** P2–P5 of the baseline and the current checkout, interleaved, on one kind of database. */
async function compareOn(databases: TDatabases, settings: TWorkspaceSettings, baseline: TBaselineCheckout) {
  const children: TServerChild[] = [];
  try {
    const env = (url: string) => ({ BENCH_DATABASE_URL: url });
    // One after the other: each seeds its 10,000 proposals with the machine to itself.
    const base = await startServerChild(
      WORKSPACE_SERVER,
      180_000,
      env(databases.kind === 'postgres' ? databases.baselineUrl : ''),
      baseline.root,
    ).catch((err: unknown) => {
      throw new Error(
        `the baseline ${baseline.label}: its ${WORKSPACE_SERVER} did not start as this bench runs it: ` +
          (err instanceof Error ? err.message : String(err)),
      );
    });
    children.push(base);
    const current = await startServerChild(
      WORKSPACE_SERVER,
      180_000,
      env(databases.kind === 'postgres' ? databases.currentUrl : ''),
    );
    children.push(current);
    const bi = announced(base, `the baseline ${baseline.label}`);
    const ci = announced(current, 'this checkout');
    if (bi.database !== ci.database || bi.seeded !== ci.seeded) {
      throw new Error(
        `the baseline's server runs on ${bi.database} with ${bi.seeded} proposals, this checkout's on ` +
          `${ci.database} with ${ci.seeded}: not a like-for-like comparison`,
      );
    }
    for (const info of [bi, ci]) {
      if (info.writeIds.length < settings.connections) {
        throw new Error(
          `a workspace server announced ${info.writeIds.length} autosave drafts for ${settings.connections} connections`,
        );
      }
    }
    const sides = [
      { server: base, info: bi },
      { server: current, info: ci },
    ] as const;
    for (const { server, info } of sides) {
      await expectOk(`${server.url}/api/proposals/${info.readId}`, { cookie: info.cookie });
      await expectOk(`${server.url}/api/share/${info.shareToken}`);
    }
    const read = (s: (typeof sides)[number]) => ({
      url: `${s.server.url}/api/proposals/${s.info.readId}`,
      headers: { cookie: s.info.cookie },
    });
    const share = (s: (typeof sides)[number]) => shareTarget(`${s.server.url}/api/share/${s.info.shareToken}`);
    const autosave = (s: (typeof sides)[number]) => autosaveTarget(s.server.url, s.info);
    const list = (s: (typeof sides)[number]) => ({
      url: `${s.server.url}/api/proposals`,
      headers: { cookie: s.info.cookie },
    });
    const pairs = {
      connections: settings.connections,
      runs: settings.runs,
      runSec: settings.runSec,
      warmupSec: settings.warmupSec,
    };
    const [b, c] = sides;
    const p2 = await measureInterleaved(read(b), read(c), pairs);
    const p3 = await measureInterleaved(share(b), share(c), pairs);
    const p4 = await measureInterleaved(autosave(b), autosave(c), pairs);
    const p5 = await measureInterleaved(list(b), list(c), { ...pairs, connections: settings.listConnections });

    const db = ci.database;
    const load = `${settings.connections} conn, ${db}`;
    const compared = [
      comparedRow('P2', `GET /api/proposals/:id signed in (${load})`, p2, 'req/s'),
      comparedRow('P2', `GET /api/proposals/:id signed in (${load})`, p2, 'p99'),
      comparedRow('P3', `GET /api/share/:token, the client's page data (${load})`, p3, 'req/s'),
      comparedRow('P4', `autosave PATCH, 10 KB document (${load})`, p4, 'req/s'),
      comparedRow('P4', `autosave PATCH, 10 KB document (${load})`, p4, 'p99'),
      comparedRow(
        'P5',
        `first list page, ${ci.seeded.toLocaleString('en-US')} proposals (${settings.listConnections} conn, ${db})`,
        p5,
        'p99',
      ),
    ];
    const rows = compared.map((c) => c.row);
    const worse = rows.filter((r) => r.verdict === 'FAIL').map((r) => `${r.id} ${r.figure}: ${r.ratio}`);
    const result = {
      database: db,
      ...(databases.kind === 'postgres' ? { server: databases.label } : {}),
      seeded: ci.seeded,
      p2: { baseline: p2.a, current: p2.b },
      p3: { baseline: p3.a, current: p3.b },
      p4: { baseline: p4.a, current: p4.b },
      p5: { baseline: p5.a, current: p5.b },
      compared: compared.map((c) => ({ id: c.row.id, figure: c.row.figure, ...c.compared, verdict: c.row.verdict })),
    };
    return { rows, result, worse };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}

/**
 * P2–P5 of `ref` (the baseline) and of this checkout, in one run: on PGlite, then on a PostgreSQL
 * server (BENCH_DATABASE_URL, or one the bench starts; skipped with the reason when neither is
 * possible). The fair limit is not run: the change is measured against its own before.
 */
export async function benchWorkspaceBaseline(settings: TWorkspaceSettings, ref: string) {
  const baseline = openBaseline(ref);
  const current = describeCurrent();
  const rows: TRow[] = [];
  const worse: string[] = [];
  const result: Record<string, unknown> = {
    settings,
    baseline: { ref, commit: baseline.commit },
    current,
  };
  try {
    const embedded = await compareOn({ kind: 'pglite' }, settings, baseline);
    rows.push(...embedded.rows);
    worse.push(...embedded.worse);
    result.pglite = embedded.result;

    const server = await startBenchPostgres(process.env.BENCH_DATABASE_URL);
    let pgLabel = '';
    if ('skipped' in server) {
      rows.push({
        id: 'P2–P5',
        figure: 'on PostgreSQL',
        value: `skipped: ${server.skipped}`,
        target: '',
        verdict: 'n/a',
      });
      result.postgres = { skipped: server.skipped };
    } else {
      pgLabel = server.label;
      const made: Array<{ drop(): Promise<void> }> = [];
      try {
        const baselineDb = await createDatabase(server.url, `draftwell_bench_baseline_${process.pid}`);
        made.push(baselineDb);
        const currentDb = await createDatabase(server.url, `draftwell_bench_current_${process.pid}`);
        made.push(currentDb);
        const onServer = await compareOn(
          { kind: 'postgres', baselineUrl: baselineDb.url, currentUrl: currentDb.url, label: server.label },
          settings,
          baseline,
        );
        rows.push(...onServer.rows);
        worse.push(...onServer.worse);
        result.postgres = onServer.result;
      } finally {
        for (const db of made) await db.drop().catch(() => undefined);
        await server.stop();
      }
    }

    const notes = [
      `P2–P5 before and after: baseline ${baseline.label} against this checkout (${current}), each running its own ` +
        `${WORKSPACE_SERVER} from its own checkout (the baseline from a git worktree, on this checkout's installed ` +
        'packages), both at once, each on its own database of the same kind and seeded alike: on the embedded PGlite, ' +
        `then on ${pgLabel || 'PostgreSQL (skipped, see the table)'}, each its own fresh database there. ` +
        `Each figure: ${settings.runs} pairs of ${settings.runSec} s runs (${settings.connections} connections; P5 ` +
        `${settings.listConnections}), alternating which side goes first, after a ${settings.warmupSec} s warm-up of each; ` +
        'each side is the median of its runs with their lowest and highest in brackets, and current ÷ baseline is the ' +
        `median of the pairs' ratios. FAIL: worse by more than ${WORSE_BY * 100}% (req/s lower, p99 higher), or a ` +
        `non-2xx answer or error on either side. P3 is read from ${SHARE_CLIENTS.toLocaleString('en-US')} addresses in ` +
        'turn and P4 gives each connection its own draft, as in the plain run. The fair limit is not run: a ratio to ' +
        "it is the throughput over the same limit's, so the throughputs' ratio here is the change in it. p99 is in " +
        'whole milliseconds: a 1 ms step is already 5% of 20 ms.',
      worse.length
        ? `Worse by more than ${WORSE_BY * 100}% (or faulty) against ${baseline.label}: ${worse.join('; ')}.`
        : `No figure worse by more than ${WORSE_BY * 100}% against ${baseline.label}.`,
    ];
    return { rows, result: { ...result, worse }, notes };
  } finally {
    baseline.remove();
  }
}
