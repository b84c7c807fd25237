import type { Page } from '@playwright/test';

/** One script a page fetched, as it crossed the network. */
export type TScriptTransfer = {
  url: string;
  /** Bytes on the wire, headers included (Chromium's `encodedDataLength`, Lighthouse's `transferSize`). */
  bytes: number;
  /** `content-encoding` of the answer: `br` or `gzip` when the server compressed it. */
  encoding: string | null;
};

/** The chunk /developers fetches once drawn (the API reference's viewer): not part of its first load. */
export const DEFERRED_VIEWER = /\/assets\/reference-viewer-[\w-]+\.js$/;

/**
 * Watches the scripts `page` fetches through Chromium's DevTools protocol, counting them as
 * Lighthouse does (QUALITY P8): every request for a script (module, modulepreload, `import()`),
 * and the bytes each took on the wire, headers included, compressed as served. Call before the
 * page navigates; `scripts()` lists those finished so far, `requests()` counts those asked for.
 */
export async function watchScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const requested = new Map<string, string>();
  const answers = new Map<string, string | null>();
  const finished: TScriptTransfer[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Script') requested.set(e.requestId, e.request.url);
  });
  cdp.on('Network.responseReceived', (e) => {
    if (!requested.has(e.requestId)) return;
    const headers = Object.entries(e.response.headers);
    answers.set(e.requestId, headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? null);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const url = requested.get(e.requestId);
    if (url === undefined) return;
    finished.push({ url, bytes: e.encodedDataLength, encoding: answers.get(e.requestId) ?? null });
  });
  await cdp.send('Network.enable');
  return {
    /** Script requests sent so far (finished or not), by URL. */
    requests: () => [...requested.values()],
    scripts: () => [...finished],
    stop: () => cdp.detach(),
  };
}

/** The total of `scripts`' bytes on the wire. */
export const transferred = (scripts: TScriptTransfer[]) => scripts.reduce((sum, s) => sum + s.bytes, 0);
