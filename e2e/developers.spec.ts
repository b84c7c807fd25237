import { request as playwrightRequest } from '@playwright/test';
import { expect, expectNoAxeViolations, test, toast } from './fixtures';
import { confirmedOwner, draft } from './support/proposals';

/**
 * Profile → Developers (issue 17): making an API key (shown once), using it the way curl would
 * (no cookie, no Origin) on /api/v1, and revoking it, after which it is refused.
 */

test('make an API key, use it on /api/v1, revoke it', async ({ page, baseURL, mail, signUpViaApi }) => {
  await confirmedOwner(page, mail, signUpViaApi);
  const proposal = await draft(page, baseURL!, 'Listed through the API');

  await page.goto('/profile?tab=developers');
  const card = page.getByRole('region', { name: 'API keys' });
  await expect(card).toContainText('No API keys yet');
  await expectNoAxeViolations(page, 'Developers tab, no keys');

  await card.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  // Nothing chosen: the form says what is missing.
  await dialog.getByRole('checkbox', { name: /^proposals:read/ }).uncheck();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Name the key, e.g. "CRM sync".')).toBeVisible();
  await expect(dialog.getByText('Choose at least one scope.')).toBeVisible();
  await dialog.getByLabel('Name').fill('CRM sync');
  await dialog.getByRole('checkbox', { name: /^proposals:read/ }).check();
  await expectNoAxeViolations(page, 'the create key dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your key now' });
  const key = await shown.getByLabel('Your new API key').inputValue();
  expect(key).toMatch(/^dw_[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page, 'the key shown once');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const row = card.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'CRM sync' });
  await expect(row).toContainText(`${key.slice(0, 9)}…`);
  await expect(row).toContainText('never used');
  await expect(row.getByRole('list', { name: 'Scopes of CRM sync' })).toHaveText('proposals:read');
  await expect(page.getByText(key)).toHaveCount(0);

  // curl's way: the key alone.
  const outside = await playwrightRequest.newContext({ baseURL });
  try {
    const listed = await outside.get('/api/v1/proposals', { headers: { authorization: `Bearer ${key}` } });
    expect(listed.status(), await listed.text()).toBe(200);
    expect(((await listed.json()) as { items: { id: string }[] }).items.map((p) => p.id)).toContain(proposal.id);
    await page.reload();
    await expect(row).not.toContainText('never used');

    await row.getByRole('button', { name: 'Revoke CRM sync' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “CRM sync”?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(toast(page, 'Key revoked')).toBeVisible();
    await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
    const refused = await outside.get('/api/v1/proposals', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
  } finally {
    await outside.dispose();
  }
  await expectNoAxeViolations(page, 'Developers tab with a revoked key');
});
