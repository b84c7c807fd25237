import type { TAutocannonOptions, TAutocannonRequestSpec } from 'autocannon';
import { STARTER_TEMPLATES } from '../packages/shared/src/templates/starter-templates';
import path from 'node:path';
import { describeLoad, measureOne, measurePair, type TLoadOptions, type TLoadResult, type TTarget } from './lib/load';
import { startBenchPostgres } from './lib/postgres';
import { makeTempDir, removeTempDir, startServerChild, type TServerChild } from './lib/proc';
import { ms, verdict, type TRow } from './lib/report';
import type { TProbeStats } from './servers/probe';

/**
 * Throughput targets are ratios to the fair limit (`servers/limit.ts`): the same URLs answered by a
 * bare Hono handler doing the route's database work in one statement. They apply on PostgreSQL;
 * on PGlite the ratio is printed for information (see the notes for what it is compared to).
 */
export const P2_TARGET = { ratio: 0.5, p99Ms: 50 } as const;
export const P3_TARGET = { ratio: 0.5 } as const;
export const P4_TARGET = { ratio: 0.5, p99Ms: 100 } as const;
export const P5_TARGET = { p99Ms: 50 } as const;

type TWorkspaceInfo = {
  cookie: string;
  origin: string;
  readId: string;
  writeIds: string[];
  shareToken: string;
  seeded: number;
  database: string;
  probePort: number;
};

type TDatabaseChoice = { kind: 'pglite' } | { kind: 'postgres'; url: string; label: string };

const faults = (r: TLoadResult) => r.errors + r.timeouts + r.non2xx;
const round = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Autosave under load: every connection PATCHes its own draft with the version its last save
 * answered (a shared draft would make most writes 409s). The body is what the editor sends: a
 * real starter document (about 10 KB) and a changed title, so validation, pricing and the
 * JSONB write are all paid. Before each run the drafts' versions are read afresh: the requests
 * a run cuts off at its end may or may not have been saved. They may also still be on their way
 * (the server finishes a request whose client has gone, and the limit and the server share these
 * drafts): the versions are read until two reads a moment apart agree, or a save landing after
 * the read would turn the next run's first save of that draft into a 409.
 */
function autosaveTarget(url: string, info: TWorkspaceInfo): TTarget {
  const document = STARTER_TEMPLATES[0]!.document;
  const headers = { cookie: info.cookie, origin: info.origin, 'content-type': 'application/json' };
  let n = 0;
  const readVersions = () =>
    Promise.all(
      info.writeIds.map(async (id) => {
        const res = await fetch(`${url}/api/proposals/${id}`, { headers: { cookie: info.cookie } });
        return { id, version: ((await res.json()) as { version: number }).version };
      }),
    );
  const settledVersions = async () => {
    let last = await readVersions();
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const again = await readVersions();
      if (again.every((v, j) => v.version === last[j]!.version)) break;
      last = again;
    }
    return last;
  };
  const prepare = async (): Promise<TAutocannonOptions> => {
    const free = await settledVersions();
    const spec: TAutocannonRequestSpec = {
      method: 'PATCH',
      setupRequest: (req, context) => {
        const lease = free.pop();
        if (!lease) throw new Error('P4: more connections than autosave targets');
        context.lease = lease;
        n += 1;
        return {
          ...req,
          path: `/api/proposals/${lease.id}`,
          body: JSON.stringify({ version: lease.version, title: `Autosave ${n}`, document }),
        };
      },
      onResponse: (status, body, context) => {
        const lease = context.lease as { id: string; version: number };
        if (status === 200) lease.version = (JSON.parse(body) as { version: number }).version;
        free.push(lease);
      },
    };
    return { url, headers, requests: [spec] };
  };
  return { url: `${url}/api/proposals/:id (PATCH)`, prepare };
}

/**
 * Seconds of load per route for the "where does the time go" probe (after the measured runs): one
 * long run, so its p99 is the steady state's, where the table's is the worst of short slices.
 */
const PROBE_SEC = 10;

async function probe(info: TWorkspaceInfo, what: 'reset' | 'stats'): Promise<TProbeStats> {
  const res = await fetch(`http://127.0.0.1:${info.probePort}/${what}`);
  return (await res.json()) as TProbeStats;
}

async function expectOk(url: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  await res.arrayBuffer();
}

type TProfile = { route: string; load: TLoadResult; stats: TProbeStats };

/** One route under load alone, with the server's probe reset before and read after. */
async function profileRoute(route: string, target: TTarget, info: TWorkspaceInfo, settings: TLoadOptions) {
  await probe(info, 'reset');
  const load = await measureOne(target, { ...settings, durationSec: PROBE_SEC, warmupSec: 0 });
  return { route, load, stats: await probe(info, 'stats') };
}

function describeProfile(p: TProfile): string {
  const { stats, load } = p;
  const perReq = (v: number) => (v / load.requests).toFixed(2);
  const loop = stats.eventLoop;
  let text =
    `${p.route}: ${round(load.reqPerSec)} req/s, p50 ${load.latencyP50Ms} ms, p99 ${load.latencyP99Ms} ms; ` +
    `event-loop delay p50 ${loop.p50Ms} ms, p99 ${loop.p99Ms} ms, max ${loop.maxMs} ms; ` +
    `server CPU ${((stats.cpuMs / stats.wallMs) * 100).toFixed(0)}% of one core (${perReq(stats.cpuMs)} ms per request)`;
  const g = stats.pglite;
  if (g) {
    text +=
      `; inside PGlite's engine ${((g.engineMs / stats.wallMs) * 100).toFixed(0)}% of the wall time ` +
      `(${perReq(g.engineMs)} ms per request in ${(g.engineCalls / load.requests).toFixed(1)} engine calls, longest ${g.engineMaxMs} ms), ` +
      `${(g.queries / load.requests).toFixed(1)} statements per request; a query or transaction waited ${(
        g.transactionWaitMs / Math.max(1, g.transactions)
      ).toFixed(1)} ms on average for PGlite (its queue, the engine, parsing)`;
  }
  return `${text}.`;
}

type TDatabaseRun = { rows: TRow[]; result: Record<string, unknown>; profiles: TProfile[] };

/** P2, P3, P4 against their fair limit, P5, and the probe, on one database. */
async function benchOn(choice: TDatabaseChoice, settings: TLoadOptions & { listConnections: number }) {
  const children: TServerChild[] = [];
  const dumpDir = choice.kind === 'pglite' ? makeTempDir('draftwell-bench-dump-') : undefined;
  const dumpFile = dumpDir ? path.join(dumpDir, 'pglite.tar') : '';
  try {
    const full = await startServerChild(
      'bench/servers/workspace.ts',
      180_000,
      choice.kind === 'pglite'
        ? { BENCH_DATABASE_URL: '', BENCH_PGLITE_DUMP: dumpFile }
        : { BENCH_DATABASE_URL: choice.url },
    );
    children.push(full);
    const info = full.info as TWorkspaceInfo;
    const limit = await startServerChild(
      'bench/servers/limit.ts',
      120_000,
      choice.kind === 'pglite' ? { LIMIT_PGLITE_DUMP: dumpFile } : { LIMIT_DATABASE_URL: choice.url },
    );
    children.push(limit);
    if (dumpDir) removeTempDir(dumpDir);
    const auth = { cookie: info.cookie };
    const readPath = `/api/proposals/${info.readId}`;
    const sharePath = `/api/share/${info.shareToken}`;
    for (const base of [full.url, limit.url]) {
      await expectOk(`${base}${readPath}`, auth);
      await expectOk(`${base}${sharePath}`);
    }

    const p2 = await measurePair(
      { url: `${limit.url}${readPath}`, headers: auth },
      { url: `${full.url}${readPath}`, headers: auth },
      settings,
    );
    // The client's page data: no session, looked up by the token's hash, the newest revision and its comments.
    const p3 = await measurePair({ url: `${limit.url}${sharePath}` }, { url: `${full.url}${sharePath}` }, settings);
    const p4 = await measurePair(autosaveTarget(limit.url, info), autosaveTarget(full.url, info), settings);
    const p5 = await measureOne(
      { url: `${full.url}/api/proposals`, headers: auth },
      { ...settings, connections: settings.listConnections },
    );
    const profiles = [
      await profileRoute('P2 read', { url: `${full.url}${readPath}`, headers: auth }, info, settings),
      await profileRoute('P4 autosave', autosaveTarget(full.url, info), info, settings),
    ];

    const db = info.database;
    const onPg = choice.kind === 'postgres';
    const ratioOf = (pair: { a: TLoadResult; b: TLoadResult }) => pair.b.reqPerSec / pair.a.reqPerSec;
    const ratioRow = (id: string, figure: string, pair: { a: TLoadResult; b: TLoadResult }, target: number): TRow => {
      const ratio = ratioOf(pair);
      return {
        id,
        figure: `${figure} ÷ ${onPg ? 'fair limit, one pg query' : 'PGlite limit, one query'} (req/s)`,
        value: `${round(pair.b.reqPerSec)} / ${round(pair.a.reqPerSec)} req/s`,
        target: onPg ? `≥ ${target}` : `(≥ ${target} on PostgreSQL)`,
        ratio: ratio.toFixed(2),
        verdict: onPg ? verdict(ratio >= target && faults(pair.b) === 0) : 'n/a',
      };
    };
    const load = `${settings.connections} conn, ${db}`;
    const rows: TRow[] = [
      {
        id: 'P2',
        figure: `GET /api/proposals/:id signed in (${load})`,
        value: describeLoad(p2.b),
        target: `p99 ≤ ${P2_TARGET.p99Ms} ms`,
        verdict: verdict(p2.b.latencyP99Ms <= P2_TARGET.p99Ms && faults(p2.b) === 0),
      },
      ratioRow('P2', 'read', p2, P2_TARGET.ratio),
      {
        id: 'P3',
        figure: `GET /api/share/:token, the client's page data (${load})`,
        value: describeLoad(p3.b),
        target: '',
        verdict: verdict(faults(p3.b) === 0),
      },
      ratioRow('P3', 'client view data', p3, P3_TARGET.ratio),
      {
        id: 'P4',
        figure: `autosave PATCH, 10 KB document (${load})`,
        value: describeLoad(p4.b),
        target: `p99 ≤ ${P4_TARGET.p99Ms} ms`,
        verdict: verdict(p4.b.latencyP99Ms <= P4_TARGET.p99Ms && faults(p4.b) === 0),
      },
      ratioRow('P4', 'autosave', p4, P4_TARGET.ratio),
      {
        id: 'P5',
        figure: `first list page, ${info.seeded.toLocaleString('en-US')} proposals (${settings.listConnections} conn, ${db})`,
        value: describeLoad(p5),
        target: `p99 ≤ ${ms(P5_TARGET.p99Ms)}`,
        verdict: verdict(p5.latencyP99Ms <= P5_TARGET.p99Ms && faults(p5) === 0),
      },
    ];
    const result = {
      database: db,
      ...(choice.kind === 'postgres' ? { server: choice.label } : {}),
      seeded: info.seeded,
      p2: { limit: p2.a, full: p2.b, ratio: ratioOf(p2), target: P2_TARGET },
      p3: { limit: p3.a, full: p3.b, ratio: ratioOf(p3), target: P3_TARGET },
      p4: { limit: p4.a, full: p4.b, ratio: ratioOf(p4), target: P4_TARGET },
      p5: { list: p5, target: P5_TARGET },
      profiles,
    };
    return { rows, result, profiles } satisfies TDatabaseRun;
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    if (dumpDir) removeTempDir(dumpDir);
  }
}

/**
 * P2 (read one proposal), P3 (the client's page data), P4 (autosave PATCH) and P5 (first list page
 * among 10,000), on the embedded PGlite and on a PostgreSQL server (BENCH_DATABASE_URL, or one the
 * bench starts itself; skipped with the reason when neither is possible).
 */
export async function benchWorkspace(settings: TLoadOptions & { listConnections: number }) {
  const rows: TRow[] = [];
  const result: Record<string, unknown> = { settings };
  const notes: string[] = [];
  const profiles: Array<{ db: string; profiles: TProfile[] }> = [];

  const embedded = await benchOn({ kind: 'pglite' }, settings);
  rows.push(...embedded.rows);
  result.pglite = embedded.result;
  profiles.push({ db: 'PGlite', profiles: embedded.profiles });

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
    try {
      const onServer = await benchOn({ kind: 'postgres', url: server.url, label: server.label }, settings);
      rows.push(...onServer.rows);
      result.postgres = onServer.result;
      profiles.push({ db: 'PostgreSQL', profiles: onServer.profiles });
    } finally {
      await server.stop();
    }
  }

  notes.push(
    `P2–P5: one server (startServer in production mode, a signed-in user owning ${(embedded.result.seeded as number).toLocaleString('en-US')} seeded proposals ` +
      'with a real starter document), first on the embedded PGlite, then on ' +
      (pgLabel ? `${pgLabel}` : 'PostgreSQL (skipped, see the table)') +
      '. P4 gives each connection its own draft and sends the version its last save answered; a 409 would count as non-2xx. ' +
      `P5 runs at ${settings.listConnections} connections: the figure is the list query's latency, not a queue.`,
    "P2–P4 fair limit (bench/servers/limit.ts): the same URLs answered by a bare Hono handler that does the route's database " +
      "work in ONE statement and returns the same rows: the session joined to the proposal (P2); the signer by their token's " +
      'hash with their proposal, its newest revision, revision list, comments, acceptance with its signatures, sealed PDF ' +
      'status, decline, signers, signatures on the newest revision and subscription as JSON columns (P3); the ' +
      "conditional save of title and document returning the row (P4). It skips the cookie's HMAC, schema checks, pricing, " +
      "response shaping, middleware and logging. On PostgreSQL it runs through `pg` (a pool of 10 like the server's, " +
      'statements prepared by name); the ratio is Draftwell ÷ limit, measured interleaved in the same run. On PGlite a `pg` ' +
      'limit does not exist: the PGlite rows are compared to the same handler in its own process on its own PGlite, opened on ' +
      "a dump of the server's seeded data directory (the same rows on disk), one query per request. That limit has the " +
      "embedded engine's single-threaded cost too, so a PGlite ratio says how much Draftwell adds over PGlite itself, not " +
      'how PGlite compares with a server.',
  );
  for (const { db, profiles: list } of profiles) {
    notes.push(
      `Where the time goes, ${db} (${settings.connections} conn, ${PROBE_SEC} s per route, perf_hooks in the server): ` +
        list.map(describeProfile).join(' '),
    );
  }
  notes.push(...PGLITE_FINDINGS);
  return { rows, result, notes };
}

/**
 * What the probe shows about PGlite under load, read with the "Where the time goes" lines above
 * (docs/architecture.md keeps the figures of a run, before and after the prepared statements).
 */
const PGLITE_FINDINGS = [
  [
    "PGlite under load, what the probe shows: (1) PGlite runs PostgreSQL in WebAssembly on the event loop's thread: a",
    "query is several synchronous engine calls (PGlite's own query: parse, describe, bind, describe, execute, sync), and",
    "nothing else in the process runs meanwhile. Throughput is one thread's worth whatever the connections, shared between",
    "the engine and the JavaScript around it. (2) PGlite's awaits resolve as microtasks and its locks hand over the same",
    'way: queued queries run back to back without a turn of the event loop, so under 50 connections the loop runs in',
    'batches (event-loop delay p99 in the low hundreds of ms), and /healthz or a WebSocket waits as long. (3) p50 is',
    "queueing for the event loop, not for PGlite's lock: a query waits at the lock about its own run time, while requests",
    'wait unread until the loop turns (event-loop delay p50 ≈ latency p50). The 1–2 s p99 of the table is not the steady',
    'state: it is a few dozen requests at the start of each run, when 50 connections open at once (about 25–30 requests',
    "over 500 ms per run, as many in 2.5 s as in 10 s, while the event loop's longest delay stays well under it), which a",
    "2.5 s slice turns into its p99; the probe's 10 s run shows the steady p99. The limit handler on PGlite shows the same",
    "start. (4) Of a short query's engine time about half was parsing and planning, which PGlite's query repeats on every",
    'call: the server now runs parameterised queries on PGlite as named prepared statements',
    '(apps/server/src/db/pglite-statements.ts), as pg does on a server. Not tried: a worker thread for PGlite (PGlite has',
    'no Node worker API; it would take the engine, about a third of the CPU per request, off the event loop, on two cores',
    'shared with the load generator) and yielding between queries (fairer to other work, no more throughput).',
  ].join(' '),
];
