import { PUBLIC_PAGE_ROUTES } from '@draftwell/shared/paths';
import { expect, test } from './fixtures';
import { DEFERRED_VIEWER, transferred, watchScripts } from './support/script-transfer';

const MAX_SCRIPTS = 8;
const MAX_BYTES = 100_000;

test('P8 every public page loads at most 8 scripts and 100 kB of them as transferred, headers included', async ({
  newContext,
}) => {
  const over: string[] = [];
  for (const path of PUBLIC_PAGE_ROUTES) {
    // A first visit: a context of its own has an empty cache.
    const page = await (await newContext()).newPage();
    const watch = await watchScripts(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Hydration loads the page's own chunk; then nothing more is on its way.
    await page.waitForLoadState('networkidle');
    const requests = watch.requests().filter((url) => !DEFERRED_VIEWER.test(url));
    const scripts = watch.scripts().filter((s) => !DEFERRED_VIEWER.test(s.url));
    await watch.stop();
    expect(scripts, `${path}: every script requested has arrived`).toHaveLength(requests.length);
    const bytes = transferred(scripts);
    if (requests.length > MAX_SCRIPTS || bytes > MAX_BYTES) {
      over.push(
        `${path}: ${requests.length} scripts, ${bytes} bytes\n` +
          scripts.map((s) => `    ${String(s.bytes).padStart(6)} ${s.encoding ?? 'identity'} ${s.url}`).join('\n'),
      );
    }
  }
  expect(over, `pages over ${MAX_SCRIPTS} scripts or ${MAX_BYTES} bytes:\n${over.join('\n')}`).toEqual([]);
});
