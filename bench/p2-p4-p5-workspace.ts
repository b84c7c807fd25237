import type { TAutocannonOptions, TAutocannonRequestSpec } from 'autocannon';
import { STARTER_TEMPLATES } from '../packages/shared/src/templates/starter-templates';
import { describeLoad, measureOne, measurePair, type TLoadOptions, type TLoadResult, type TTarget } from './lib/load';
import { startServerChild, type TServerChild } from './lib/proc';
import { ms, verdict, type TRow } from './lib/report';

export const P2_TARGET = { ratio: 0.15, p99Ms: 50 } as const;
export const P3_TARGET = { ratio: 0.15 } as const;
export const P4_TARGET = { ratio: 0.05, p99Ms: 100 } as const;
export const P5_TARGET = { p99Ms: 50 } as const;

type TWorkspaceInfo = {
  cookie: string;
  origin: string;
  readId: string;
  writeIds: string[];
  shareToken: string;
  seeded: number;
  database: string;
};

const faults = (r: TLoadResult) => r.errors + r.timeouts + r.non2xx;
const round = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Autosave under load: every connection PATCHes its own draft with the version its last save
 * answered (a shared draft would make most writes 409s). The body is what the editor sends: a
 * real starter document (about 10 KB) and a changed title, so validation, pricing and the
 * JSONB write are all paid. Before each run the drafts' versions are read afresh: the requests
 * a run cuts off at its end may or may not have been saved.
 */
function autosaveTarget(url: string, info: TWorkspaceInfo): TTarget {
  const document = STARTER_TEMPLATES[0]!.document;
  const headers = { cookie: info.cookie, origin: info.origin, 'content-type': 'application/json' };
  let n = 0;
  const prepare = async (): Promise<TAutocannonOptions> => {
    const free = await Promise.all(
      info.writeIds.map(async (id) => {
        const res = await fetch(`${url}/api/proposals/${id}`, { headers: { cookie: info.cookie } });
        return { id, version: ((await res.json()) as { version: number }).version };
      }),
    );
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

/** P2 (read one proposal), P4 (autosave PATCH) and P5 (first list page among 10,000), one server. */
export async function benchWorkspace(settings: TLoadOptions & { listConnections: number }) {
  const children: TServerChild[] = [];
  try {
    const bare = await startServerChild('bench/servers/bare.ts');
    children.push(bare);
    const full = await startServerChild('bench/servers/workspace.ts', 180_000);
    children.push(full);
    const info = full.info as TWorkspaceInfo;
    const auth = { cookie: info.cookie };

    const read = { url: `${full.url}/api/proposals/${info.readId}`, headers: auth };
    const probe = await fetch(read.url, { headers: auth });
    if (probe.status !== 200) throw new Error(`GET /api/proposals/:id answered ${probe.status}`);
    await probe.arrayBuffer();

    const p2 = await measurePair(`${bare.url}/`, read, settings);
    // The client's page data: no session, looked up by the token's hash, the newest revision and its comments.
    const share = { url: `${full.url}/api/share/${info.shareToken}` };
    const shareProbe = await fetch(share.url);
    if (shareProbe.status !== 200) throw new Error(`GET /api/share/:token answered ${shareProbe.status}`);
    await shareProbe.arrayBuffer();
    const p3 = await measurePair(`${bare.url}/`, share, settings);
    const p4 = await measurePair(`${bare.url}/`, autosaveTarget(full.url, info), settings);
    const p5 = await measureOne(
      { url: `${full.url}/api/proposals`, headers: auth },
      { ...settings, connections: settings.listConnections },
    );

    const p2Ratio = p2.b.reqPerSec / p2.a.reqPerSec;
    const p4Ratio = p4.b.reqPerSec / p4.a.reqPerSec;
    const p3Ratio = p3.b.reqPerSec / p3.a.reqPerSec;
    const result = {
      settings,
      database: info.database,
      seeded: info.seeded,
      p2: { bare: p2.a, full: p2.b, ratio: p2Ratio, target: P2_TARGET },
      p3: { bare: p3.a, full: p3.b, ratio: p3Ratio, target: P3_TARGET },
      p4: { bare: p4.a, full: p4.b, ratio: p4Ratio, target: P4_TARGET },
      p5: { list: p5, target: P5_TARGET },
    };
    const load = `${settings.connections} conn`;
    const rows: TRow[] = [
      {
        id: 'P2',
        figure: `GET /api/proposals/:id signed in (${load}, ${info.database})`,
        value: describeLoad(p2.b),
        target: `p99 ≤ ${P2_TARGET.p99Ms} ms`,
        verdict: verdict(p2.b.latencyP99Ms <= P2_TARGET.p99Ms && faults(p2.b) === 0),
      },
      {
        id: 'P2',
        figure: 'read ÷ bare Hono (req/s)',
        value: `${round(p2.b.reqPerSec)} / ${round(p2.a.reqPerSec)} req/s`,
        target: `≥ ${P2_TARGET.ratio}`,
        ratio: p2Ratio.toFixed(2),
        verdict: verdict(p2Ratio >= P2_TARGET.ratio && faults(p2.b) === 0),
      },
      {
        id: 'P3',
        figure: `GET /api/share/:token, the client's page data (${load}, ${info.database})`,
        value: describeLoad(p3.b),
        target: '',
        verdict: verdict(faults(p3.b) === 0),
      },
      {
        id: 'P3',
        figure: 'client view data ÷ bare Hono (req/s)',
        value: `${round(p3.b.reqPerSec)} / ${round(p3.a.reqPerSec)} req/s`,
        target: `≥ ${P3_TARGET.ratio}`,
        ratio: p3Ratio.toFixed(2),
        verdict: verdict(p3Ratio >= P3_TARGET.ratio && faults(p3.b) === 0),
      },
      {
        id: 'P4',
        figure: `autosave PATCH, 10 KB document (${load})`,
        value: describeLoad(p4.b),
        target: `p99 ≤ ${P4_TARGET.p99Ms} ms`,
        verdict: verdict(p4.b.latencyP99Ms <= P4_TARGET.p99Ms && faults(p4.b) === 0),
      },
      {
        id: 'P4',
        figure: 'autosave ÷ bare Hono (req/s)',
        value: `${round(p4.b.reqPerSec)} / ${round(p4.a.reqPerSec)} req/s`,
        target: `≥ ${P4_TARGET.ratio}`,
        ratio: p4Ratio.toFixed(2),
        verdict: verdict(p4Ratio >= P4_TARGET.ratio && faults(p4.b) === 0),
      },
      {
        id: 'P5',
        figure: `first list page, ${info.seeded.toLocaleString('en-US')} proposals (${settings.listConnections} conn)`,
        value: describeLoad(p5),
        target: `p99 ≤ ${ms(P5_TARGET.p99Ms)}`,
        verdict: verdict(p5.latencyP99Ms <= P5_TARGET.p99Ms && faults(p5) === 0),
      },
    ];
    const notes = [
      `P2/P4/P5: one server (startServer in production mode, ${info.database}, a signed-in user owning ${info.seeded.toLocaleString('en-US')} seeded proposals ` +
        'with a real starter document). P4 gives each connection its own draft and sends the version its last save answered; ' +
        `a 409 would count as non-2xx. P5 runs at ${settings.listConnections} connections: the figure is the list query's latency, not a queue. ` +
        'Set BENCH_DATABASE_URL to run them on a PostgreSQL server.',
    ];
    return { rows, result, notes };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
