import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, CLIENT, confirmedOwner, sentProposal } from './support/proposals';

/** Each screen's heading and subtitle say what this screen is, not what the one before it was. */

const subtitleOf = (heading: Locator) => heading.locator('xpath=following-sibling::*[1]');

test('the forgot-password screen has its own subtitle, and sign-in gets its own back', async ({ page }) => {
  await page.goto('/auth');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Welcome to Draftwell');
  const signInSubtitle = await subtitleOf(heading).innerText();

  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(heading).toHaveText('Forgot your password?');
  await expect(subtitleOf(heading)).toHaveText(
    'Enter the email you signed up with, and we will send you a link to choose a new password.',
  );
  await expect(subtitleOf(heading)).not.toHaveText(signInSubtitle);

  await page.getByRole('button', { name: /back to sign in/i }).click();
  await expect(heading).toHaveText('Welcome to Draftwell');
  await expect(subtitleOf(heading)).toHaveText(signInSubtitle);
});

async function accept(request: APIRequestContext, baseURL: string, token: string) {
  const headers = { origin: new URL(baseURL).origin, 'content-type': 'application/json' };
  const at = `/api/share/${token}`;
  const { revision } = (await (await request.get(at)).json()) as { revision: { hash: string } };
  const res = await request.post(`${at}/accept`, {
    headers,
    data: { name: CLIENT.name, email: CLIENT.email, consent: true, revisionHash: revision.hash, selection: {} },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('the editor is headed by what the proposal is: a draft, a sent proposal, an accepted one', async ({
  page,
  baseURL,
  mail,
  request,
  signUpViaApi,
}) => {
  await confirmedOwner(page, mail, signUpViaApi);
  const owner = api(page, baseURL!);
  const draft = await owner.post<{ id: string }>('/api/proposals', { title: 'Still a draft' });
  const { proposal, token } = await sentProposal(page, baseURL!, 'Website redesign');
  const h1 = page.getByRole('heading', { level: 1 });

  await page.goto(`/edit-draft/${draft.id}`);
  await expect(h1).toHaveText('Edit draft');
  await expect(page).toHaveTitle('Edit draft — Draftwell');

  await page.goto(`/edit-draft/${proposal.id}`);
  await expect(h1).toHaveText('Edit proposal');

  await accept(request, baseURL!, token);
  await page.goto(`/edit-draft/${proposal.id}`);
  await expect(page.getByRole('note')).toContainText('This proposal was accepted');
  await expect(h1).toHaveText('Accepted proposal');
  await expect(page).toHaveTitle('Accepted proposal — Draftwell');
  await expect(subtitleOf(h1)).toContainText('locked');
});
