import { expect, expectNoAxeViolations, test } from './fixtures';
import { api, confirmedOwner, draft } from './support/proposals';

/**
 * The owner's side of several signers (issue 15): choosing signers, their order and a
 * countersignature in the send dialog; the Signers card following each signature; and the owner
 * countersigning in the app with a drawn signature, which accepts the proposal.
 */

test('the owner sends to two signers in order with a countersignature, then countersigns by drawing', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
}) => {
  test.slow();
  await confirmedOwner(page, mail, signUpViaApi);
  const owner = api(page, baseURL!);
  const proposal = await draft(page, baseURL!, 'Countersigned website');
  const cfo = { name: 'Frank Finance', email: `frank-${proposal.id.slice(0, 8)}@example.com` };

  // The send dialog: open the signers, add a second signer in order, and countersign after them.
  await page.goto(`/proposals/${proposal.id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Signers and options' }).click();
  await expect(dialog.getByRole('group', { name: 'Signer 1' }).getByLabel('Email')).toHaveValue('dana@example.com');
  await dialog.getByRole('button', { name: 'Add a signer' }).click();
  const second = dialog.getByRole('group', { name: 'Signer 2' });
  await second.getByLabel('Name').fill(cfo.name);
  await second.getByLabel('Email').fill(cfo.email);
  await second.getByLabel('Role (optional)').fill('Client — CFO');
  await dialog.getByLabel('In order: the next signer is emailed when the previous one signs').check();
  await dialog.getByLabel('After the client: I sign last, in the app').check();
  await expectNoAxeViolations(page, 'the send dialog with two signers');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();

  const signersCard = page.getByRole('region', { name: 'Signers' });
  await expect(signersCard).toContainText('2 signers, one after another, in this order. You countersign after them.');
  const rows = signersCard.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('To sign now');
  await expect(rows.nth(1)).toContainText('Waiting for the signers before');

  // The first signer gets the mail; the second only once the first has signed.
  const invite = await mail.waitFor('dana@example.com', /^Proposal: Countersigned website$/);
  const danaToken = new URL(mail.linkIn(invite)).pathname.split('/').pop()!;
  const sign = async (token: string, who: { name: string; email: string }) => {
    const shared = (await (await page.request.get(`/api/share/${token}`)).json()) as { revision: { hash: string } };
    const res = await page.request.post(`/api/share/${token}/accept`, {
      headers: { origin: new URL(baseURL!).origin },
      data: { name: who.name, email: who.email, consent: true, revisionHash: shared.revision.hash, selection: {} },
    });
    expect(res.status(), await res.text()).toBe(202);
  };
  await sign(danaToken, { name: 'Dana Reyes', email: 'dana@example.com' });
  const cfoInvite = await mail.waitFor(cfo.email, /^Proposal: Countersigned website$/);
  await sign(new URL(mail.linkIn(cfoInvite)).pathname.split('/').pop()!, cfo);

  // The owner's turn, live on the card (or after a reload), and the status line says so.
  await page.reload();
  await expect(rows.nth(2)).toContainText('Your turn to countersign');
  const main = page.getByRole('main');
  await expect(
    main.getByText('Signed by both clients · waiting for your countersignature', { exact: true }),
  ).toBeVisible();
  await expect(main.getByText(/no answer yet/)).toHaveCount(0);
  await rows.nth(2).getByRole('button', { name: 'Countersign' }).click();
  const sheet = page.getByRole('dialog', { name: 'Countersign' });
  await sheet.getByRole('tab', { name: 'Draw' }).click();
  const pad = sheet.locator('canvas');
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + box.width * (0.15 + i * 0.05), box.y + box.height * (0.6 - Math.sin(i / 2) * 0.25));
  }
  await page.mouse.up();
  await sheet.getByRole('checkbox').last().check();
  await expectNoAxeViolations(page, 'the countersign dialog');
  await sheet.getByRole('button', { name: 'Countersign' }).click();
  await expect(sheet).toBeHidden();

  // Accepted, with every signature in order on the certificate, the owner's drawn.
  const certificate = page.getByRole('region', { name: 'Acceptance certificate' });
  await expect(certificate).toBeVisible();
  await expect(certificate).toContainText('Dana Reyes');
  await expect(certificate).toContainText(cfo.name);
  await expect(certificate).toContainText('Countersigned');
  await expect(certificate.getByRole('img')).toHaveCount(1);
  const stored = await owner.get<{ status: string }>(`/api/proposals/${proposal.id}`);
  expect(stored.status).toBe('accepted');
});
