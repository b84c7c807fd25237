import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * /developers (issue 17): the public API's reference, drawn from the served OpenAPI document by a
 * viewer fetched only on this page; its loading and failure states; light and dark.
 */

test('the reference lists the API from /api/v1/openapi.json, in light and dark', async ({ page }) => {
  const viewer: string[] = [];
  page.on('request', (req) => {
    if (/reference-viewer-[\w-]+\.js$/.test(new URL(req.url()).pathname)) viewer.push(req.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(viewer, 'the landing page does not fetch the viewer').toEqual([]);

  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'API' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page).toHaveTitle('API reference — Draftwell');
  await expect(page.getByRole('heading', { name: 'Draftwell API', level: 1 })).toBeVisible();
  const reference = page.getByRole('region', { name: 'Reference' });
  // Operations are listed by tag, with their method and path.
  await expect(reference.getByRole('button', { name: 'GET /proposals List proposals' })).toBeVisible();
  await expect(reference.getByRole('button', { name: /Authorize/ })).toBeVisible();
  expect(viewer).toHaveLength(1);
  await expect(page.getByRole('link', { name: 'Create an API key' })).toHaveAttribute(
    'href',
    '/profile?tab=developers',
  );
  const download = page.getByRole('link', { name: 'Download openapi.json' });
  await expect(download).toHaveAttribute('href', '/api/v1/openapi.json');
  await expectNoAxeViolations(page, '/developers, light');
  // An operation opens to its parameters and answers.
  await reference.getByRole('button', { name: 'POST /proposals Create a proposal' }).click();
  await expect(reference.getByRole('cell', { name: /^Idempotency-Key/ })).toBeVisible();
  await expect(reference.getByRole('heading', { name: 'Responses' }).first()).toBeVisible();
  await expectNoAxeViolations(page, '/developers, an operation open');

  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(reference.getByRole('button', { name: 'GET /proposals List proposals' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark-mode\b/);
  await expectNoAxeViolations(page, '/developers, dark');
  await reference.getByRole('button', { name: 'POST /proposals Create a proposal' }).click();
  await expect(reference.getByRole('cell', { name: /^Idempotency-Key/ })).toBeVisible();
  await expectNoAxeViolations(page, '/developers, dark, an operation open');
  // Leaving the page takes the viewer's dark class with it.
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\bdark-mode\b/);
});

test('while the document loads the page says so; when it fails, Try again loads it', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 503/);
  let answer: 'fail' | 'hold' | 'pass' = 'fail';
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/openapi.json', async (route) => {
    if (answer === 'fail') return route.fulfill({ status: 503, body: 'down' });
    if (answer === 'hold') await held;
    return route.continue();
  });
  await page.goto('/developers');
  const reference = page.getByRole('region', { name: 'Reference' });
  await expect(reference.getByRole('alert')).toContainText('The API description did not load (HTTP 503).');
  await expect(reference.getByRole('link', { name: '/api/v1/openapi.json' })).toBeVisible();

  answer = 'hold';
  await reference.getByRole('button', { name: 'Try again' }).click();
  await expect(reference.getByRole('status')).toHaveText('Loading the API reference…');
  await expect(reference.getByRole('alert')).toHaveCount(0);
  release();
  await expect(reference.getByRole('button', { name: 'GET /proposals List proposals' })).toBeVisible();
  await expect(reference.getByRole('status')).toHaveCount(0);
});
