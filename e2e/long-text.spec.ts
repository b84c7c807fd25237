import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LONG_ROLE, LONG_TEXT, LONG_URL, LONG_WORD, longTextDocument } from './support/long-text';
import { expectNothingWiderThanTheScreen, onEveryPhone } from './support/overflow';
import { api, confirmedOwner, inDays, showSignForm, type TProposal } from './support/proposals';

/**
 * Issue 24, item 1: text a person typed never widens a page. A 300-character URL and a
 * 120-character word in every field a person types (the sender's profile, the proposal's title,
 * client, text, prices, milestones and signatures, the signers' names and roles, the message, a
 * comment, a reply and a decline reason) wrap on the client's page, the owner's proposal page,
 * the editor's preview and the mails, at 320 and 390 px, in light and dark.
 */

const address = (who: string) => `${who}-${randomBytes(4).toString('hex')}@long.e2e.draftwell.test`;

/** Nothing wider than the screen; no box holding the long text scrolls sideways. */
const fits = (page: Page, label: string, within?: Locator) =>
  expectNothingWiderThanTheScreen(page, label, { within, text: LONG_WORD });

/** A mail's HTML as a phone's mail app would lay it out (on a blank page: no site's favicon is asked for). */
async function expectMailFits(page: Page, html: string, label: string) {
  await page.setViewportSize({ width: 320, height: 780 });
  await page.setContent(html);
  await expect(page.locator('body')).toContainText(LONG_WORD);
  await fits(page, label);
}

test('issue 24: a 300-character URL and a 120-character word wrap on every page and mail, at 320 and 390 px, light and dark', async ({
  page,
  baseURL,
  mail,
  newContext,
  signUpViaApi,
}) => {
  test.setTimeout(180_000);
  const ownerUser = await confirmedOwner(page, mail, signUpViaApi);
  const owner = api(page, baseURL!);
  const origin = new URL(baseURL!).origin;
  const { logoFileId: _logo, updatedAt: _at, ...profile } = await owner.get<Record<string, unknown>>('/api/profile');
  const saved = await page.request.put('/api/profile', {
    headers: { origin },
    data: {
      ...profile,
      displayName: LONG_WORD,
      company: LONG_WORD,
      jobTitle: LONG_WORD,
      address: LONG_TEXT,
      website: LONG_URL,
      emailSignature: LONG_TEXT,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const signers = [
    { name: LONG_WORD, email: address('first'), role: LONG_ROLE },
    { name: `${LONG_WORD} Second`, email: address('second'), role: LONG_ROLE },
  ];
  const created = await owner.post<TProposal>('/api/proposals', { title: LONG_WORD });
  const ready = await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
    version: created.version,
    client: { name: LONG_WORD, company: LONG_WORD, email: signers[0]!.email, phone: '', address: LONG_TEXT },
    validUntil: inDays(20),
    document: longTextDocument(),
  });

  // The editor's preview, before sending.
  await page.setViewportSize({ width: 390, height: 780 });
  await page.goto(`/edit-draft/${created.id}`);
  const openPreview = page.getByRole('button', { name: 'Preview', exact: true });
  await expect(openPreview).toBeEnabled({ timeout: 30_000 });
  await onEveryPhone(page, 'the editor', (label) => fits(page, label));
  await openPreview.click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.locator('[data-block="timeline"]')).toContainText(LONG_WORD);
  await onEveryPhone(page, 'the editor’s preview', (label) => fits(page, label, preview));

  // Sent to two signers with a message, then again with a paragraph more: the client's page shows what changed.
  const sent = await owner.post<TProposal>(`/api/proposals/${created.id}/send`, {
    version: ready.version,
    message: LONG_TEXT,
    signers,
  });
  const sentMail = await mail.waitFor(signers[0]!.email, /^Proposal: /);
  const revised = longTextDocument();
  revised.blocks.push({
    id: 'more',
    type: 'rich_text',
    content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: LONG_TEXT }] }] },
  });
  const edited = await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
    version: sent.version,
    document: revised,
  });
  await owner.post(`/api/proposals/${created.id}/send`, { version: edited.version, message: LONG_TEXT });

  // The client's page: the document, the signers and the sign form (they load as the reader nears them).
  const client = await (await newContext()).newPage();
  await client.setViewportSize({ width: 390, height: 780 });
  const link = mail.linkIn(sentMail);
  const showAll = async () => {
    await expect(client.getByRole('heading', { level: 1 })).toContainText(LONG_WORD);
    await showSignForm(client);
    await expect(client.getByRole('region', { name: 'Questions and comments' })).toBeVisible();
  };
  await client.goto(link);
  await client.getByRole('link', { name: 'See what changed' }).click();
  await expect(client.getByRole('list', { name: 'Changes' })).toContainText(LONG_WORD);
  await showAll();
  await onEveryPhone(client, 'the client’s page', (label) => fits(client, label));

  // A comment, then an answer from the owner.
  const commentForm = client.getByRole('form', { name: 'Add a comment' });
  await commentForm.getByLabel('Your name').fill(LONG_WORD);
  await commentForm.getByLabel('Comment').fill(LONG_TEXT);
  await commentForm.getByRole('button', { name: 'Post comment' }).click();
  const thread = client.getByRole('list', { name: 'Comments' });
  await expect(thread).toContainText(LONG_URL);
  await owner.post(`/api/proposals/${created.id}/comments`, { body: LONG_TEXT });
  await onEveryPhone(client, 'the client’s page with a comment', (label) => fits(client, label));
  await client.reload();
  await showAll();
  await expect(client.getByRole('list', { name: 'Comments' }).getByRole('listitem')).toHaveCount(2);
  await onEveryPhone(client, 'the client’s page with the comments, reloaded', (label) => fits(client, label));

  // The decline, with its reason.
  await client.getByRole('button', { name: 'Decline', exact: true }).first().click();
  const dialog = client.getByRole('dialog', { name: 'Decline this proposal?' });
  await dialog.getByLabel('Reason (optional)').fill(LONG_TEXT);
  await onEveryPhone(client, 'the decline dialog', (label) => fits(client, label, dialog));
  await dialog.getByRole('button', { name: 'Decline proposal' }).click();
  const declined = client.getByRole('region', { name: /^Declined on / });
  await expect(declined).toContainText(LONG_URL);
  await onEveryPhone(client, 'the client’s page, declined', (label) => fits(client, label));
  await client.reload();
  await expect(declined).toContainText(LONG_URL);
  await onEveryPhone(client, 'the client’s page, declined, reloaded', (label) => fits(client, label));

  // The owner's page: the timeline with the comment and the reason, the signers, the conversation.
  await page.goto(`/proposals/${created.id}`);
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText(`Reason: See ${LONG_URL}`);
  await expect(page.getByRole('region', { name: 'Signers' })).toContainText(LONG_ROLE);
  await onEveryPhone(page, 'the owner’s proposal page', (label) => fits(page, label));

  // Another proposal, accepted: the certificate and the signature blocks carry the signer's name and role.
  const other = await owner.post<TProposal>('/api/proposals', { title: LONG_WORD });
  const otherReady = await owner.patch<TProposal>(`/api/proposals/${other.id}`, {
    version: other.version,
    client: { name: LONG_WORD, company: LONG_WORD, email: signers[0]!.email, phone: '', address: LONG_TEXT },
    validUntil: inDays(20),
    document: longTextDocument(),
  });
  await owner.post(`/api/proposals/${other.id}/send`, {
    version: otherReady.version,
    message: LONG_TEXT,
    signers: [signers[0]],
  });
  const { url: otherLink } = await owner.get<{ url: string }>(`/api/proposals/${other.id}/share-link`);
  const token = new URL(otherLink).pathname.split('/').pop()!;
  const { revision } = await owner.get<{ revision: { hash: string } }>(`/api/share/${token}`);
  const accepted = await client.request.post(`/api/share/${token}/accept`, {
    headers: { origin, 'content-type': 'application/json' },
    data: { name: LONG_WORD, email: signers[0]!.email, consent: true, revisionHash: revision.hash },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await client.goto(otherLink);
  const certificate = client.getByRole('region', { name: `Accepted by ${LONG_WORD}`, exact: true });
  await expect(certificate).toContainText(LONG_ROLE);
  await onEveryPhone(client, 'the client’s page, accepted', (label) => fits(client, label));
  await page.goto(`/proposals/${other.id}`);
  await expect(page.getByRole('region', { name: 'Acceptance certificate' })).toContainText(LONG_WORD);
  await onEveryPhone(page, 'the owner’s proposal page, accepted', (label) => fits(page, label));

  // The mails a person's text goes into: the proposal sent, the comment's and the decline's notices.
  const reader = await (await newContext()).newPage();
  await expectMailFits(reader, sentMail.html, 'the proposal’s mail to a signer');
  const commented = await mail.waitFor(ownerUser.email, /commented on/);
  await expectMailFits(reader, commented.html, 'the comment’s mail to the owner');
  const declinedMail = await mail.waitFor(ownerUser.email, /declined/);
  await expectMailFits(reader, declinedMail.html, 'the decline’s mail to the owner');
});
