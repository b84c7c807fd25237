import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PUBLIC_PAGE_ROUTES, PUBLIC_ROUTES } from '../packages/shared/src/paths';
import {
  browserUnavailable,
  createDraft,
  launchBrowser,
  signUpViaApi,
  staleBuildNote,
  startWebServer,
  webDist,
  type TWebServer,
} from './lib/browser';
import { repoRoot } from './lib/proc';
import { kb, verdict, type TRow } from './lib/report';

/** QUALITY.md P8, gzip, 1 kB = 1000 bytes. The editor's figure is what it adds to the app shell. */
export const P8_TARGETS = {
  publicPages: 100_000,
  clientView: 120_000,
  appShell: 300_000,
  editorMore: 250_000,
} as const;
const LARGEST = 8;

/** Where the client view's route module will live (ARCHITECTURE.md: routes/{public,app,share}/). */
const SHARE_ROUTES_DIR = path.join(repoRoot, 'apps/web/src/app/routes/share');
/** The e2e test (e2e/editor.spec.ts) knows the editor's own chunk by this name. */
const EDITOR_CHUNK = /document-editor/;

type TChunk = { file: string; bytes: number; gzipBytes: number };
type TLoad = {
  /** The path opened, and where the app ended up (a route it does not know redirects to /404). */
  path: string;
  landedOn: string;
  files: string[];
  gzipBytes: number;
  /** What the page fetches after it is drawn, only there (the API reference's viewer on /developers). */
  deferred?: { files: string[]; gzipBytes: number };
};
/** The API reference's viewer (Swagger UI), which /developers loads once drawn: not the page's first load. */
const DEFERRED_VIEWER = /(^|\/)reference-viewer-[\w-]+\.js$/;
type TFigure = { gzipBytes: number; targetBytes: number; pass: boolean } | { skipped: string };
export type TP8Result =
  | { skipped: string }
  | {
      method: 'browser' | 'index.html';
      publicPages: TFigure & { loads?: TLoad[] };
      clientView: TFigure & { load?: TLoad };
      appShell: TFigure & { load?: TLoad };
      editor: TFigure & { load?: TLoad; files?: string[] };
      /** Entry script + modulepreloads of index.html: the floor of every first load. */
      indexHtmlGzipBytes: number;
      largest: TChunk[];
    };

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** The client page's server render (scripts/build.mjs): code for the server, which browsers never get. */
const SERVER_ONLY_DIR = path.join(webDist, 'ssr');

function* jsFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (p !== SERVER_ONLY_DIR) yield* jsFiles(p);
    } else if (/\.m?js$/.test(name)) yield p;
  }
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>` of index.html: what every first visit loads. */
export function initialScripts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = new Map<string, string>();
    for (const a of tag[2]!.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
    }
    const kind = tag[1]!.toLowerCase();
    const url =
      kind === 'script' && attrs.get('type') === 'module'
        ? attrs.get('src')
        : kind === 'link' && attrs.get('rel')?.split(/\s+/).includes('modulepreload')
          ? attrs.get('href')
          : undefined;
    if (url && !/^[a-z]+:|^\/\//i.test(url) && !found.includes(url)) found.push(url);
  }
  return found;
}

/** The client view's route module(s), once there are any. */
function shareRouteModules(): string[] {
  if (!existsSync(SHARE_ROUTES_DIR)) return [];
  return readdirSync(SHARE_ROUTES_DIR).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
}

/**
 * Opens `urlPath` in a fresh page of `context` (its own empty HTTP cache: a first visit), waits
 * until `ready` and the network is idle, and returns every JavaScript file it fetched, by path.
 */
async function scriptsOfFirstLoad(
  context: BrowserContext,
  origin: string,
  urlPath: string,
  ready: (page: Page) => Promise<void>,
  sizes: Map<string, TChunk>,
): Promise<TLoad> {
  const page = await context.newPage();
  const files = new Set<string>();
  const bodies: Promise<void>[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin !== origin || !/\.m?js$/.test(url.pathname)) return;
    const file = url.pathname.replace(/^\//, '');
    files.add(file);
    if (!sizes.has(file)) {
      // Not a file of this build (a stale dist?): count what was served.
      bodies.push(
        res.body().then((body) => {
          sizes.set(file, { file, bytes: body.length, gzipBytes: gzipSize(body) });
        }),
      );
    }
  });
  try {
    await page.goto(`${origin}${urlPath}`, { waitUntil: 'load' });
    await ready(page);
    // Lazy chunks a screen loads once its data arrives; the realtime socket does not count here.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    await Promise.all(bodies);
    const list = [...files].sort();
    return {
      path: urlPath,
      landedOn: new URL(page.url()).pathname,
      files: list,
      gzipBytes: list.reduce((s, f) => s + sizes.get(f)!.gzipBytes, 0),
    };
  } finally {
    await page.close();
  }
}

const headingReady = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });

type TBrowserFigures = {
  publicLoads: TLoad[];
  clientView: TLoad | { skipped: string };
  dashboard: TLoad;
  editDraft: TLoad;
};

async function measureInBrowser(
  browser: Browser,
  server: TWebServer,
  sizes: Map<string, TChunk>,
): Promise<TBrowserFigures> {
  const { origin } = server;
  const fresh = async <T>(
    fn: (context: BrowserContext) => Promise<T>,
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
  ) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState });
    try {
      return await fn(context);
    } finally {
      await context.close();
    }
  };

  // A visitor: every public screen (the public pages' entry, public-main.tsx), each as a first visit.
  // /developers then fetches the API reference's viewer, only there: counted apart (`deferred`).
  const publicLoads: TLoad[] = [];
  for (const urlPath of PUBLIC_PAGE_ROUTES) {
    const load = await fresh((c) => scriptsOfFirstLoad(c, origin, urlPath, headingReady, sizes));
    const deferred = load.files.filter((f) => DEFERRED_VIEWER.test(f));
    const own = load.files.filter((f) => !DEFERRED_VIEWER.test(f));
    publicLoads.push(
      deferred.length === 0
        ? load
        : {
            ...load,
            files: own,
            gzipBytes: own.reduce((s, f) => s + sizes.get(f)!.gzipBytes, 0),
            deferred: { files: deferred, gzipBytes: deferred.reduce((s, f) => s + sizes.get(f)!.gzipBytes, 0) },
          },
    );
  }

  // The client's view: the link of a proposal sent to a client (bench/servers/web.ts makes it),
  // as its signer first opens it.
  let clientView: TLoad | { skipped: string };
  const shareModules = shareRouteModules();
  const token = server.info.shareToken;
  if (shareModules.length === 0) {
    clientView = { skipped: 'not built yet (no route module in apps/web/src/app/routes/share/)' };
  } else if (typeof token !== 'string') {
    clientView = { skipped: 'bench/servers/web.ts announced no share token' };
  } else {
    const load = await fresh((c) =>
      scriptsOfFirstLoad(
        c,
        origin,
        `/p/${encodeURIComponent(token)}`,
        (page) => page.locator('main h1').first().waitFor({ timeout: 20_000 }),
        sizes,
      ),
    );
    clientView =
      load.landedOn === PUBLIC_ROUTES.notFound
        ? { skipped: `not built yet (${shareModules.join(', ')} exists, but /p/:token is not routed to it)` }
        : load;
  }

  // Signed in: the session and a draft made through the API, then each screen as a first visit.
  const { storageState, draftId } = await fresh(async (c) => {
    await signUpViaApi(c.request, origin);
    const draft = await createDraft(c.request, origin, { title: 'Bench: bundle size' });
    return { storageState: await c.storageState(), draftId: draft.id };
  });
  const dashboard = await fresh(
    (c) =>
      scriptsOfFirstLoad(
        c,
        origin,
        '/dashboard',
        (page) => page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 20_000 }),
        sizes,
      ),
    storageState,
  );
  const editDraft = await fresh(
    (c) =>
      scriptsOfFirstLoad(
        c,
        origin,
        `/edit-draft/${draftId}`,
        (page) => page.getByRole('textbox', { name: 'Proposal content' }).waitFor({ timeout: 30_000 }),
        sizes,
      ),
    storageState,
  );
  return { publicLoads, clientView, dashboard, editDraft };
}

const fileCount = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

function figureRow(figure: string, target: string, f: TFigure, value: (gzipBytes: number) => string): TRow {
  if ('skipped' in f) return { id: 'P8', figure, value: f.skipped, target, verdict: 'n/a' };
  return {
    id: 'P8',
    figure,
    value: value(f.gzipBytes),
    target,
    ratio: (f.gzipBytes / f.targetBytes).toFixed(2),
    verdict: verdict(f.pass),
  };
}

const figure = (gzipBytes: number, targetBytes: number) => ({ gzipBytes, targetBytes, pass: gzipBytes <= targetBytes });

/**
 * P8: the JavaScript (gzip level 9 of the built files) that first loads fetch, measured in
 * Chromium against the real server: whatever a route pulls in (entry, modulepreloads, its lazy
 * chunks, chunks its data makes it load) is what the browser asked for. The editor's figure is
 * what /edit-draft/:id fetches beyond /dashboard. Without Chromium only the app shell's floor
 * (index.html's scripts) is measured.
 */
export async function benchP8(): Promise<{ rows: TRow[]; result: TP8Result; notes: string[] }> {
  const index = path.join(webDist, 'index.html');
  const targets = {
    publicPages: `≤ ${kb(P8_TARGETS.publicPages)}`,
    clientView: `≤ ${kb(P8_TARGETS.clientView)}`,
    appShell: `≤ ${kb(P8_TARGETS.appShell)}`,
    editorMore: `≤ ${kb(P8_TARGETS.editorMore)} more`,
  };
  const titles = {
    publicPages: 'public pages initial JS (gzip)',
    clientView: 'client view /p/:token initial JS (gzip)',
    appShell: 'app shell initial JS, /dashboard (gzip)',
    editor: 'editor chunk: /edit-draft/:id beyond /dashboard',
  };
  if (!existsSync(index)) {
    const skipped = 'skipped: the web build is missing (apps/web/dist): run `npm run build` first';
    const row = (figure: string, target: string): TRow => ({
      id: 'P8',
      figure,
      value: skipped,
      target,
      verdict: 'n/a',
    });
    return {
      result: { skipped },
      notes: [],
      rows: [
        row(titles.publicPages, targets.publicPages),
        row(titles.clientView, targets.clientView),
        row(titles.appShell, targets.appShell),
        row(titles.editor, targets.editorMore),
      ],
    };
  }

  const sizes = new Map<string, TChunk>();
  for (const f of jsFiles(webDist)) {
    const file = path.relative(webDist, f).split(path.sep).join('/');
    const bytes = readFileSync(f);
    sizes.set(file, { file, bytes: bytes.length, gzipBytes: gzipSize(bytes) });
  }
  const initial = initialScripts(readFileSync(index, 'utf8')).map((u) => u.split(/[?#]/)[0]!.replace(/^\//, ''));
  const missing = initial.filter((f) => !sizes.has(f));
  if (missing.length) throw new Error(`index.html names scripts that are not in dist: ${missing.join(', ')}`);
  const indexHtmlGzipBytes = initial.reduce((s, f) => s + sizes.get(f)!.gzipBytes, 0);
  const largest = [...sizes.values()].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, LARGEST);

  const notes: string[] = [];
  const stale = await staleBuildNote('P8');
  if (stale) notes.push(stale);

  const unavailable = browserUnavailable();
  let result: Extract<TP8Result, { method: string }>;
  if (unavailable) {
    const skipped = `skipped: ${unavailable}`;
    result = {
      method: 'index.html',
      publicPages: { skipped },
      clientView: { skipped },
      appShell: figure(indexHtmlGzipBytes, P8_TARGETS.appShell),
      editor: { skipped },
      indexHtmlGzipBytes,
      largest,
    };
    notes.push(
      `P8: without a browser only the app shell's floor is measured: index.html's entry script and modulepreloads (${unavailable}).`,
    );
  } else {
    const server = await startWebServer({ sentProposal: true });
    let browser: Browser | null = null;
    let measured: TBrowserFigures;
    try {
      browser = await launchBrowser();
      measured = await measureInBrowser(browser, server, sizes);
    } finally {
      await browser?.close();
      await server.stop();
    }
    const { publicLoads, clientView, dashboard, editDraft } = measured;
    const worstPublic = publicLoads.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
    const landing = publicLoads.find((l) => l.path === PUBLIC_ROUTES.landing)!;
    const shell = new Set(dashboard.files);
    const editorFiles = editDraft.files.filter((f) => !shell.has(f));
    const editorBytes = editorFiles.reduce((s, f) => s + sizes.get(f)!.gzipBytes, 0);
    if (!editorFiles.some((f) => EDITOR_CHUNK.test(f))) {
      notes.push(
        `P8: /edit-draft/:id loaded no chunk named like ${EDITOR_CHUNK} beyond /dashboard's: ` +
          (editDraft.files.some((f) => EDITOR_CHUNK.test(f))
            ? 'the dashboard loads it too (the editor is in the shell).'
            : 'the editor chunk was renamed or inlined; the figure is still what the route adds.'),
      );
    }
    result = {
      method: 'browser',
      publicPages: { ...figure(worstPublic.gzipBytes, P8_TARGETS.publicPages), loads: publicLoads },
      clientView:
        'skipped' in clientView
          ? clientView
          : { ...figure(clientView.gzipBytes, P8_TARGETS.clientView), load: clientView },
      appShell: { ...figure(dashboard.gzipBytes, P8_TARGETS.appShell), load: dashboard },
      editor: { ...figure(editorBytes, P8_TARGETS.editorMore), load: editDraft, files: editorFiles },
      indexHtmlGzipBytes,
      largest,
    };
    const listing = (files: string[]) =>
      files.map((f) => `      ${kb(sizes.get(f)!.gzipBytes).padStart(9)}  ${f}`).join('\n');
    notes.push(
      [
        'P8: first loads in headless Chromium against the built app (fresh context each: empty cache), every .js response counted ' +
          'at gzip level 9 of its file in apps/web/dist; 1 kB = 1000 bytes. Public pages: the largest of the ' +
          `${publicLoads.length} public screens' first loads (the target holds for each). The app shell is a signed-in first load ` +
          `of /dashboard; the editor figure is what a first load of /edit-draft/:id fetches that /dashboard does not. ` +
          `index.html's entry + modulepreloads alone: ${kb(indexHtmlGzipBytes)}.`,
        ...publicLoads.map(
          (l) =>
            `  ${l.path.padEnd(11)} ${kb(l.gzipBytes).padStart(9)} in ${fileCount(l.files.length)}` +
            (l.deferred ? `, then ${kb(l.deferred.gzipBytes)} of API viewer (${l.deferred.files.join(', ')})` : ''),
        ),
        `  / fetched:\n${listing(landing.files)}`,
        ...('skipped' in clientView ? [] : [`  /p/:token fetched:\n${listing(clientView.files)}`]),
        `  /dashboard fetched:\n${listing(dashboard.files)}`,
        `  /edit-draft/:id beyond /dashboard:\n${listing(editorFiles)}`,
        `  Largest of ${sizes.size} JS files in dist (gzip / raw):`,
        ...largest.map((c) => `  ${kb(c.gzipBytes).padStart(9)} / ${kb(c.bytes).padStart(9)}  ${c.file}`),
      ].join('\n'),
    );
  }

  const r = result;
  const publicLoads = 'loads' in r.publicPages ? r.publicPages.loads : undefined;
  const landing = publicLoads?.find((l) => l.path === PUBLIC_ROUTES.landing);
  const worst = publicLoads?.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  const rows: TRow[] = [
    figureRow(titles.publicPages, targets.publicPages, r.publicPages, () =>
      landing && worst
        ? `/ ${kb(landing.gzipBytes)} in ${fileCount(landing.files.length)} · largest ${worst.path} ${kb(worst.gzipBytes)}`
        : '',
    ),
    figureRow(titles.clientView, targets.clientView, r.clientView, (b) =>
      'load' in r.clientView && r.clientView.load ? `${kb(b)} in ${fileCount(r.clientView.load.files.length)}` : kb(b),
    ),
    figureRow(
      r.method === 'browser' ? titles.appShell : 'app shell initial JS, index.html (gzip)',
      targets.appShell,
      r.appShell,
      (b) =>
        'load' in r.appShell && r.appShell.load
          ? `${kb(b)} in ${fileCount(r.appShell.load.files.length)}`
          : `${kb(b)} in ${fileCount(initial.length)}`,
    ),
    figureRow(titles.editor, targets.editorMore, r.editor, (b) =>
      'files' in r.editor && r.editor.files ? `+${kb(b)} in ${fileCount(r.editor.files.length)}` : kb(b),
    ),
  ];
  return { result, notes, rows };
}
