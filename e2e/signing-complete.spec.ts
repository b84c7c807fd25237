import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import type { TCapturedMail } from './support/mime';
import { expectNothingWiderThanTheScreen } from './support/overflow';
import { api, confirmedOwner, inDays, sellingDocument, showSignForm, type TProposal } from './support/proposals';

/**
 * Issue 15's "done when", in one piece and in the browser: the owner sends a proposal to two
 * client signers in order and asks to countersign; each signer signs from the link in their own
 * email; the owner countersigns in the app; every party's mail carries the sealed PDF; poppler's
 * pdfsig calls its digital signature valid and the document unmodified; /verify, given that
 * file, names all three signatures and the seal.
 */

const address = (who: string) => `${who}-${randomBytes(4).toString('hex')}@complete.e2e.draftwell.test`;

/** What poppler's pdfsig says of a PDF (it exits 0 for a broken signature too, so its words are read). */
function pdfsig(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dw-e2e-pdfsig-')), 'sealed.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdfsig', [file], { encoding: 'utf8' });
}

/** The one PDF attached to a mail, as bytes. */
function attachedPdf(message: TCapturedMail): { filename: string; bytes: Buffer } {
  const pdfs = message.attachments.filter((a) => a.contentType === 'application/pdf');
  expect(pdfs, `PDF attachments of "${message.subject}"`).toHaveLength(1);
  return { filename: pdfs[0]!.filename, bytes: Buffer.from(pdfs[0]!.base64, 'base64') };
}

async function drawOn(page: Page, pad: ReturnType<Page['locator']>) {
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.65);
  await page.mouse.down();
  for (let i = 1; i <= 14; i++) {
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.055), box.y + box.height * (0.6 - Math.sin(i / 2) * 0.25), {
      steps: 3,
    });
  }
  await page.mouse.up();
}

test('two client signers in order and the owner countersigning: everyone gets the sealed PDF, pdfsig and /verify confirm all three', async ({
  page,
  baseURL,
  mail,
  newContext,
  signUpViaApi,
}) => {
  test.setTimeout(150_000);
  const ownerUser = await confirmedOwner(page, mail, signUpViaApi);
  const owner = api(page, baseURL!);
  const title = `Office fit-out ${randomBytes(3).toString('hex')}`;
  const ann = { name: 'Ann First', email: address('ann') };
  const ben = { name: 'Ben Second', email: address('ben') };

  const created = await owner.post<TProposal>('/api/proposals', { title });
  await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
    version: created.version,
    client: { name: ann.name, company: 'First & Second Ltd', email: ann.email, phone: '', address: '' },
    validUntil: inDays(20),
    document: sellingDocument(', here is how we would fit out your office.'),
  });

  // The owner sends from the app: Ann first, then Ben (CFO), and a countersignature after them.
  await page.goto(`/proposals/${created.id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Signers and options' }).click();
  await expect(dialog.getByRole('group', { name: 'Signer 1' }).getByLabel('Email')).toHaveValue(ann.email);
  await dialog.getByRole('button', { name: 'Add a signer' }).click();
  const second = dialog.getByRole('group', { name: 'Signer 2' });
  await second.getByLabel('Name').fill(ben.name);
  await second.getByLabel('Email').fill(ben.email);
  await second.getByLabel('Role (optional)').fill('Client — CFO');
  await dialog.getByLabel('In order: the next signer is emailed when the previous one signs').check();
  await dialog.getByLabel('After the client: I sign last, in the app').check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
  const subject = new RegExp(`^Proposal: ${title}$`);

  // Ann signs from her email's link, drawing with the mouse.
  const annPage = await (await newContext()).newPage();
  await annPage.goto(mail.linkIn(await mail.waitFor(ann.email, subject)));
  const annForm = await showSignForm(annPage);
  await annForm.getByRole('tab', { name: 'Draw' }).click();
  const pad = annForm.getByRole('img', { name: /^Signature pad/ });
  await drawOn(annPage, pad);
  await expect(pad).toHaveAccessibleName('Signature pad with your drawing');
  await annForm.getByRole('checkbox', { name: /I agree to the statement above/ }).check();
  await annForm.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(annPage.getByRole('region', { name: /^You signed on / })).toContainText('Waiting for: Ben Second');

  // Ben is emailed only now, and signs by typing.
  const benPage = await (await newContext()).newPage();
  await benPage.goto(mail.linkIn(await mail.waitFor(ben.email, subject)));
  const benForm = await showSignForm(benPage);
  await expect(benForm.getByLabel('Full name')).toHaveValue(ben.name);
  await benForm.getByRole('checkbox', { name: /I agree to the statement above/ }).check();
  await benForm.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(benPage.getByRole('region', { name: /^You signed on / })).toContainText(
    `Waiting for: ${ownerUser.name}`,
  );

  // The owner countersigns in the app, typing their name.
  await page.reload();
  const rows = page.getByRole('region', { name: 'Signers' }).getByRole('listitem');
  await expect(rows.nth(2)).toContainText('Your turn to countersign');
  await rows.nth(2).getByRole('button', { name: 'Countersign' }).click();
  const sheet = page.getByRole('dialog', { name: 'Countersign' });
  await sheet.getByRole('checkbox').last().check();
  await sheet.getByRole('button', { name: 'Countersign' }).click();
  await expect(sheet).toBeHidden();
  const certificate = page.getByRole('region', { name: 'Acceptance certificate' });
  for (const name of [ann.name, ben.name, 'Countersigned']) await expect(certificate).toContainText(name);

  // Everyone's mail carries the sealed PDF (the mails wait in the outbox until it is made): the
  // same file the owner then downloads.
  const receipts = [
    await mail.waitFor(ownerUser.email, new RegExp(`accepted “${title}”`)),
    await mail.waitFor(ann.email, new RegExp(`^You accepted: ${title}$`)),
    await mail.waitFor(ben.email, new RegExp(`^You accepted: ${title}$`)),
  ];
  const sealed = await page.request.get(`/api/proposals/${created.id}/sealed-pdf`);
  expect(sealed.status(), await sealed.text()).toBe(200);
  const sealedBytes = Buffer.from(await sealed.body());
  for (const message of receipts) {
    const pdf = attachedPdf(message);
    expect(pdf.filename).toMatch(/-sealed\.pdf$/);
    expect(pdf.bytes.equals(sealedBytes), `the PDF attached to "${message.subject}" is the sealed one`).toBe(true);
    expect(message.text).toMatch(/sealed-pdf/);
  }

  // A signer's page on a phone, the certificate with its three downloads: nothing wider than the screen.
  await benPage.setViewportSize({ width: 375, height: 740 });
  await benPage.reload();
  const benCertificate = benPage.locator('#certificate');
  await expect(benCertificate.getByRole('link', { name: 'Signed PDF' })).toBeVisible();
  for (const theme of ['light', 'dark']) {
    await benPage.evaluate((t) => localStorage.setItem('theme', t), theme);
    await benPage.reload();
    await expect(benCertificate.getByRole('link', { name: 'Signed PDF' })).toBeVisible();
    await expectNothingWiderThanTheScreen(benPage, `a signer’s page with the certificate, ${theme}`);
  }

  // Outside the app: poppler calls the signature valid and the document unmodified.
  const report = pdfsig(sealedBytes);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Total document signed');
  const tampered = Buffer.from(sealedBytes);
  tampered[10] = tampered[10]! ^ 0x01;
  expect(pdfsig(tampered)).toMatch(/Digest Mismatch|Signature is Invalid/);

  // /verify, given the sealed file, names all three signatures and the seal.
  const verifier = await (await newContext()).newPage();
  await verifier.goto('/verify');
  await verifier.getByLabel('Choose a PDF').setInputFiles({
    name: 'sealed.pdf',
    mimeType: 'application/pdf',
    buffer: sealedBytes,
  });
  await expect(verifier.getByText(/^Matches:/)).toBeVisible();
  const signedBy = verifier.getByText(/^Signed by /);
  await expect(signedBy).toContainText(ann.name);
  await expect(signedBy).toContainText(ben.name);
  await expect(signedBy).toContainText(ownerUser.name);
  await expect(verifier.getByText(/This file is the sealed PDF itself/)).toBeVisible();
  await expectNoAxeViolations(verifier, '/verify with a sealed PDF of three signatures');
});
