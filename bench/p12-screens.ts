import type { BrowserContext, Page, Request } from 'playwright-core';
import {
  browserUnavailable,
  createDraft,
  launchBrowser,
  signUpViaApi,
  staleBuildNote,
  startWebServer,
  type TWebServer,
} from './lib/browser';
import { median, ms, verdict, type TRow } from './lib/report';

/**
 * QUALITY P12: opening `/dashboard`, `/edit-draft/:id` and `/proposals/:id` signed in, with no
 * request waterfall. For each screen: the time from navigation to the screen being ready (its
 * own content drawn, not a spinner or a skeleton), cold (a new browser profile: nothing cached)
 * and warm (the same tab opening it again: code from the HTTP cache), and the number of
 * sequential request steps on the way. The steps are counted over the requests the screen
 * cannot do without: the HTML, the entry script, the session, the screen's own chunk and its
 * first data. One of them is a step after the latest of them that ended before it began, so
 * requests made side by side share a step (the chunks a screen's chunk imports, fetched six at a
 * time over HTTP/1.1, are the chunk's step, not steps of their own).
 *
 * Target: the HTML with its entry script (fetched while the HTML still streams in), then the
 * session and the screen's code side by side, then the data: at most 3 steps (with the session,
 * the code and the data one after another it was 4).
 */
const MAX_STEPS = 3;
const RUNS = 5;

type TScreen = {
  name: string;
  path: string;
  /** The screen's own chunk and its first data, by path. */
  key: RegExp;
  ready: (page: Page) => Promise<unknown>;
};
type TLoad = { ms: number; steps: number; requests: number };

function stepsOf(requests: { start: number; end: number }[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const steps: number[] = [];
  sorted.forEach((r, i) => {
    let step = 1;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= r.start) step = Math.max(step, steps[j]! + 1);
    steps.push(step);
  });
  return Math.max(0, ...steps);
}

/** The requests every protected screen needs: its HTML, the entry script and the session. */
const ALWAYS = /^\/(dashboard|edit-draft\/.+|proposals\/.+|assets\/index-[\w-]+\.js|api\/session)$/;

async function open(context: BrowserContext, origin: string, screen: TScreen, page?: Page): Promise<TLoad> {
  const tab = page ?? (await context.newPage());
  const seen: { start: number; end: number }[] = [];
  const started = new Map<Request, number>();
  let requests = 0;
  const t0 = performance.now();
  const onRequest = (r: Request) => {
    const { pathname } = new URL(r.url());
    if (pathname === '/realtime') return;
    requests++;
    if (ALWAYS.test(pathname) || screen.key.test(pathname)) started.set(r, performance.now() - t0);
  };
  const onDone = (r: Request) => {
    const start = started.get(r);
    if (start !== undefined) seen.push({ start, end: performance.now() - t0 });
  };
  tab.on('request', onRequest);
  tab.on('requestfinished', onDone);
  tab.on('requestfailed', onDone);
  await tab.goto(`${origin}${screen.path}`, { waitUntil: 'commit' });
  await screen.ready(tab);
  const elapsed = performance.now() - t0;
  tab.off('request', onRequest);
  tab.off('requestfinished', onDone);
  tab.off('requestfailed', onDone);
  return { ms: elapsed, steps: stepsOf(seen), requests };
}

export async function benchP12(): Promise<{ rows: TRow[]; result: unknown; notes?: string[] }> {
  const unavailable = browserUnavailable();
  if (unavailable) {
    return {
      rows: [
        {
          id: 'P12',
          figure: 'protected screens, time to ready',
          value: `skipped: ${unavailable}`,
          target: '',
          verdict: 'n/a',
        },
      ],
      result: { skipped: unavailable },
    };
  }
  const stale = await staleBuildNote('P12');
  let server: TWebServer | null = null;
  const browser = await launchBrowser();
  try {
    server = await startWebServer();
    const origin = server.origin;
    const setup = await browser.newContext();
    await signUpViaApi(setup.request, origin);
    const draft = await createDraft(setup.request, origin, { title: 'Bench proposal' });
    const cookies = await setup.storageState();
    await setup.close();

    const screens: TScreen[] = [
      {
        name: '/dashboard',
        path: '/dashboard',
        key: /^\/(assets\/dashboard-[\w-]+\.js|api\/proposals|api\/overview)$/,
        ready: (page) =>
          page.getByRole('region', { name: 'Overview' }).getByRole('group', { name: 'Drafts' }).waitFor(),
      },
      {
        name: '/edit-draft/:id',
        path: `/edit-draft/${draft.id}`,
        key: new RegExp(`^/(assets/dashboard-[\\w-]+\\.js|api/proposals/${draft.id})$`),
        ready: (page) => page.locator('.ProseMirror[contenteditable="true"]').waitFor(),
      },
      {
        name: '/proposals/:id',
        path: `/proposals/${draft.id}`,
        key: new RegExp(`^/(assets/proposal-[\\w-]+\\.js|api/proposals/${draft.id})$`),
        ready: (page) => page.getByRole('heading', { name: 'This proposal has not been sent yet' }).waitFor(),
      },
    ];

    const rows: TRow[] = [];
    const result: Record<string, { cold: TLoad[]; warm: TLoad[] }> = {};
    for (const screen of screens) {
      const cold: TLoad[] = [];
      const warm: TLoad[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ storageState: cookies });
        const page = await context.newPage();
        cold.push(await open(context, origin, screen, page));
        warm.push(await open(context, origin, screen, page));
        await context.close();
      }
      result[screen.name] = { cold, warm };
      // Steps of the cold loads: in a warm one, answers from the HTTP cache end at once and would
      // read as steps of their own.
      const steps = Math.max(...cold.map((l) => l.steps));
      rows.push({
        id: 'P12',
        figure: `${screen.name} ready, cold / warm (median of ${RUNS}); request steps (cold)`,
        value: `${ms(median(cold.map((l) => l.ms)))} / ${ms(median(warm.map((l) => l.ms)))}; ${steps} steps, ${median(cold.map((l) => l.requests))} requests`,
        target: `≤ ${MAX_STEPS} steps`,
        verdict: verdict(steps <= MAX_STEPS),
      });
    }
    return { rows, result, ...(stale ? { notes: [stale] } : {}) };
  } finally {
    await browser.close();
    await server?.stop();
  }
}
