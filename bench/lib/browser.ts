import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type APIRequestContext, type Browser } from 'playwright-core';
import { freePort, repoRoot, startServerChild, type TServerChild } from './proc';

/** The same browser and flags as the browser tests (playwright.config.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const webDist = path.join(repoRoot, 'apps/web/dist');

/** Why the browser scenarios cannot run here, or null when they can. */
export function browserUnavailable(): string | null {
  if (!existsSync(path.join(webDist, 'index.html')))
    return 'the web build is missing (apps/web/dist): run `npm run build` first';
  if (!existsSync(CHROMIUM_PATH)) return `no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`;
  return null;
}

/** A note when apps/web/dist was built from other sources than these (it would measure old code). */
export async function staleBuildNote(id: string): Promise<string | null> {
  try {
    const mod = (await import(pathToFileURL(path.join(repoRoot, 'scripts/fingerprint.mjs')).href)) as {
      buildIsFresh: () => boolean;
    };
    if (mod.buildIsFresh()) return null;
  } catch {
    // No way to tell: say so below.
  }
  return `${id}: apps/web/dist is older than the sources (or its build stamp is missing): the figures are those of the last build; run \`npm run build\` to measure the current code.`;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export type TWebServer = TServerChild & { origin: string };

/**
 * The real server serving the built app (bench/servers/web.ts) on a port chosen here, so its
 * BASE_URL (and so the Origin it accepts) is the address the browser uses. With `sentProposal`
 * it also makes a sent proposal, whose share token is `info.shareToken`.
 */
export async function startWebServer(options: { sentProposal?: boolean } = {}): Promise<TWebServer> {
  const port = await freePort();
  const child = await startServerChild('bench/servers/web.ts', 120_000, {
    BENCH_PORT: String(port),
    ...(options.sentProposal ? { BENCH_SENT_PROPOSAL: '1' } : {}),
  });
  return { ...child, origin: child.url };
}

async function expectOk(res: { ok(): boolean; status(): number; text(): Promise<string> }, what: string) {
  if (!res.ok()) throw new Error(`${what} answered ${res.status()}: ${(await res.text()).slice(0, 300)}`);
}

/** Signs a new user up through the API; the session cookie lands in the request context's cookie jar. */
export async function signUpViaApi(request: APIRequestContext, origin: string): Promise<void> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const res = await request.post(`${origin}/api/auth/sign-up/email`, {
    headers: { origin, 'content-type': 'application/json' },
    data: { name: 'Bench User', email: `bench-${id}@example.com`, password: `quiet harbour ${id} lantern` },
  });
  await expectOk(res, 'sign-up');
}

/** A new draft, and optionally its document and title set through the autosave endpoint. */
export async function createDraft(
  request: APIRequestContext,
  origin: string,
  fields: { title: string; document?: unknown },
): Promise<{ id: string; version: number }> {
  const headers = { origin, 'content-type': 'application/json' };
  const created = await request.post(`${origin}/api/proposals`, { headers, data: { title: fields.title } });
  await expectOk(created, 'POST /api/proposals');
  const draft = (await created.json()) as { id: string; version: number };
  if (fields.document === undefined) return draft;
  const patched = await request.patch(`${origin}/api/proposals/${draft.id}`, {
    headers,
    data: { version: draft.version, document: fields.document },
  });
  await expectOk(patched, 'PATCH /api/proposals/:id');
  return (await patched.json()) as { id: string; version: number };
}
