import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { setPlan } from './support/admin';
import { solidPng } from './support/png';
import { api, confirmedOwner, sentProposal } from './support/proposals';

/**
 * The editor's preview says it is "exactly what your client will see": on each plan it shows the
 * logo, colour, "Prepared by" and footer the client's page shows (issue 13), and the profile's
 * branding settings say when the plan does not show them.
 */

const LOGO = 'Harbour Studio logo';

/** What of the sender's branding a rendering of the proposal shows, read from the client's page. */
async function brandingOf(root: Page | Locator) {
  const article = root.locator('article[data-document-view]');
  // A first visit loads the page's code and data; a loaded machine may take a while.
  await expect(article).toBeVisible({ timeout: 30_000 });
  return {
    logos: await article.getByRole('img', { name: LOGO }).count(),
    // The accent as drawn: the document's top rule is in it.
    accent: await article.evaluate((el) => getComputedStyle(el).borderTopColor),
    preparedBy: await article
      .locator('dt', { hasText: 'Prepared by' })
      .evaluate((dt) => dt.nextElementSibling?.textContent ?? ''),
    madeWith: await root.locator('[data-made-with]').count(),
  };
}

/** The editor's preview of the proposal shows exactly `expected`. */
async function expectPreviewShows(page: Page, id: string, expected: Awaited<ReturnType<typeof brandingOf>>) {
  await page.goto(`/edit-draft/${id}`);
  const open = page.getByRole('button', { name: 'Preview', exact: true });
  await expect(open).toBeEnabled({ timeout: 30_000 });
  await open.click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  const article = preview.locator('article[data-document-view]');
  await expect(article.getByRole('img', { name: LOGO })).toHaveCount(expected.logos);
  await expect(preview.locator('[data-made-with]')).toHaveCount(expected.madeWith);
  await expect(article).toHaveCSS('border-top-color', expected.accent);
  await expect(article.locator('dt', { hasText: 'Prepared by' }).locator('+ dd')).toHaveText(expected.preparedBy);
  return preview;
}

test('the editor’s preview shows the logo, colour and footer the client’s page shows, on Free and on Pro', async ({
  page,
  browser,
  baseURL,
  mail,
  signUpViaApi,
}) => {
  // Two browsers, eight page loads and the operator's command: more than one screen's budget.
  test.setTimeout(300_000);
  const user = await confirmedOwner(page, mail, signUpViaApi);
  const owner = api(page, baseURL!);
  const origin = new URL(baseURL!).origin;
  const { logoFileId: _logo, updatedAt: _at, ...profile } = await owner.get<Record<string, unknown>>('/api/profile');
  // A display name other than the company: the client's page says "Prepared by" the company.
  const saved = await page.request.put('/api/profile', {
    headers: { origin },
    data: { ...profile, displayName: 'Olivia Owner', company: 'Harbour Studio', brandColor: '#ff6600' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const logo = await page.request.put('/api/profile/logo', {
    headers: { origin },
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: solidPng(32, [255, 102, 0]) } },
  });
  expect(logo.status(), await logo.text()).toBe(200);
  const { proposal, url } = await sentProposal(page, baseURL!, 'Harbour website');

  const visitor = await browser.newContext();
  const client = await visitor.newPage();

  // Free: Draftwell's look, no logo, and the footer.
  await client.goto(url);
  const free = await brandingOf(client);
  expect(free).toMatchObject({ logos: 0, madeWith: 1, preparedBy: 'Harbour Studio' });
  let preview = await expectPreviewShows(page, proposal.id, free);
  await expect(preview).toContainText('Your Free plan does not show your logo and colour to clients');

  await page.goto('/profile?tab=business');
  await expect(page.getByRole('form', { name: 'Business profile' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your Free plan does not show your logo to clients')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Brand colour', exact: true })).toHaveAccessibleDescription(
    /Your Free plan does not show your colour to clients/,
  );
  await expectNoAxeViolations(page, 'business profile on the free plan');

  // Pro: the logo and the colour, no footer, on the page and in the preview alike.
  await setPlan(baseURL!, user.email, 'pro');
  await client.reload();
  const pro = await brandingOf(client);
  expect(pro).toMatchObject({ logos: 1, madeWith: 0, preparedBy: 'Harbour Studio' });
  expect(pro.accent).not.toBe(free.accent);
  preview = await expectPreviewShows(page, proposal.id, pro);
  await expect(preview).not.toContainText('does not show');

  const plan = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/billing' && res.ok());
  await page.goto('/profile?tab=business');
  await plan;
  await expect(page.getByRole('form', { name: 'Business profile' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Your business logo' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Brand colour', exact: true })).toHaveValue('#ff6600');
  await expect(page.locator('[data-plan-branding-note]')).toHaveCount(0);
  await visitor.close();
});
