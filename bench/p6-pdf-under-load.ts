import autocannon from 'autocannon';
import { describeLoad, measureOne, type TLoadOptions } from './lib/load';
import { startServerChild, type TServerChild } from './lib/proc';
import { verdict, type TRow } from './lib/report';

export const P6_TARGET = { ratio: 1.5 } as const;

type TInfo = { cookie: string; origin: string; readId: string; sharedId: string; email: string; password: string };

/**
 * P6: the p99 of a signed-in read (P2) while PDF exports and sign-ins run beside it, divided by
 * the same read alone. PDFs render in a worker thread and password hashing off the event loop,
 * so the read should barely notice. Each background load runs on its own connections for the
 * whole measured window.
 */
export async function benchP6(settings: TLoadOptions & { pdfConnections: number; signInConnections: number }) {
  let child: TServerChild | null = null;
  try {
    child = await startServerChild('bench/servers/workspace.ts', 180_000, {
      BENCH_SEEDED_PROPOSALS: '500',
      BENCH_WRITERS: '1',
    });
    const info = child.info as TInfo;
    const read = { url: `${child.url}/api/proposals/${info.readId}`, headers: { cookie: info.cookie } };
    const pdfUrl = `${child.url}/api/proposals/${info.sharedId}/pdf`;
    const probe = await fetch(pdfUrl, { headers: { cookie: info.cookie } });
    if (probe.status !== 200) throw new Error(`GET /api/proposals/:id/pdf answered ${probe.status}`);
    const pdfBytes = (await probe.arrayBuffer()).byteLength;

    const alone = await measureOne(read, settings);

    const seconds = settings.warmupSec + settings.durationSec + 2;
    const background = Promise.all([
      autocannon({
        url: pdfUrl,
        headers: { cookie: info.cookie },
        connections: settings.pdfConnections,
        duration: seconds,
      }),
      autocannon({
        url: `${child.url}/api/auth/sign-in/email`,
        method: 'POST',
        headers: { origin: info.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: info.email, password: info.password }),
        connections: settings.signInConnections,
        duration: seconds,
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const loaded = await measureOne(read, settings);
    const [pdf, signIn] = await background;

    const ratio = loaded.latencyP99Ms / Math.max(alone.latencyP99Ms, 1);
    const rows: TRow[] = [
      {
        id: 'P6',
        figure: `P2 read alone (${settings.connections} conn)`,
        value: describeLoad(alone),
        target: '',
        verdict: 'n/a',
      },
      {
        id: 'P6',
        figure: `P2 read with ${settings.pdfConnections} PDF exports and ${settings.signInConnections} sign-ins running`,
        value: describeLoad(loaded),
        target: '',
        verdict: 'n/a',
      },
      {
        id: 'P6',
        figure: 'p99 under PDF and sign-in load ÷ p99 alone',
        value: `${loaded.latencyP99Ms} / ${alone.latencyP99Ms} ms`,
        target: `≤ ${P6_TARGET.ratio}`,
        ratio: ratio.toFixed(2),
        verdict: verdict(ratio <= P6_TARGET.ratio && loaded.errors + loaded.non2xx === 0),
      },
    ];
    const notes = [
      `P6: meanwhile ${pdf.requests.total} PDFs (${Math.round(pdfBytes / 1024)} KB each, p50 ${pdf.latency.p50} ms, ${pdf.non2xx} non-2xx) ` +
        `and ${signIn.requests.total} sign-ins (p50 ${signIn.latency.p50} ms, ${signIn.non2xx} non-2xx) were served.`,
    ];
    return {
      rows,
      result: { alone, loaded, ratio, pdf: pdf.requests.total, signIns: signIn.requests.total, target: P6_TARGET },
      notes,
    };
  } finally {
    await child?.stop();
  }
}
