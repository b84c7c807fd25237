import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import type { TCapturedMail } from './support/mime';
import { solidPng } from './support/png';
import { expectNothingWiderThanTheScreen } from './support/overflow';
import { api, confirmedOwner, inDays, sellingDocument, showSignForm, type TProposal } from './support/proposals';
import { choosePdfToVerify } from './support/verify-page';

/**
 * Issue 15's "done when", in one piece and in the browser: the owner sends a proposal to two
 * client signers in order and asks to countersign; each signer signs from the link in their own
 * email; the owner countersigns in the app; every party's mail carries the sealed PDF; poppler's
 * pdfsig calls its digital signature valid and the document unmodified; /verify, given that
 * file, names all three signatures and the seal. Issue 24: the statement each signer agrees to
 * follows the way they sign; the certificates give each signer their own browser and statement,
 * the time once with its zone, and an uploaded image clear of the text around it.
 */

const address = (who: string) => `${who}-${randomBytes(4).toString('hex')}@complete.e2e.draftwell.test`;

/** What poppler's pdfsig says of a PDF (it exits 0 for a broken signature too, so its words are read). */
function pdfsig(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dw-e2e-pdfsig-'));
  try {
    const file = path.join(dir, 'sealed.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The one PDF attached to a mail, as bytes. */
function attachedPdf(message: TCapturedMail): { filename: string; bytes: Buffer } {
  const pdfs = message.attachments.filter((a) => a.contentType === 'application/pdf');
  expect(pdfs, `PDF attachments of "${message.subject}"`).toHaveLength(1);
  return { filename: pdfs[0]!.filename, bytes: Buffer.from(pdfs[0]!.base64, 'base64') };
}

/** Browsers of their own, so the certificate can be seen to give each signer theirs. */
const BROWSERS = {
  ann: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:150.0) Gecko/20100101 Firefox/150.0',
  ben: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Safari/605.1.15',
};

/** The statement's words for each way of signing. */
const STATEMENT = {
  typed: /I agree that typing my full name and ticking this box/,
  drawn: /I agree that drawing my signature and ticking this box/,
  uploaded: /I agree that uploading an image of my signature and ticking this box/,
};

/** Every signature image in `container` against every line of text there: no image box meets a line. */
async function expectMarksClearOfText(container: Locator, label: string) {
  // The marks arrive with the page's data after the signing, and lay out once their images load.
  await expect
    .poll(
      () =>
        container.evaluate((root) => {
          const marks = [...root.querySelectorAll<HTMLImageElement>('[data-signature-mark] img')];
          return marks.length > 0 && marks.every((image) => image.complete && image.naturalWidth > 0);
        }),
      { message: `signature images shown in ${label}` },
    )
    .toBe(true);
  const { images, overlaps } = await container.evaluate((root) => {
    const marks = [...root.querySelectorAll<HTMLImageElement>('[data-signature-mark] img')];
    const lines: { text: string; rect: DOMRect }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) lines.push({ text, rect });
    }
    const found: string[] = [];
    for (const image of marks) {
      const a = image.getBoundingClientRect();
      for (const { text, rect: b } of lines) {
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          found.push(
            `${image.alt} (${Math.round(a.top)}–${Math.round(a.bottom)}) over "${text}" (${Math.round(b.top)}–${Math.round(b.bottom)})`,
          );
        }
      }
    }
    return { images: marks.length, overlaps: found };
  });
  expect(images, `signature images in ${label}`).toBeGreaterThan(0);
  expect(overlaps, label).toEqual([]);
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
    document: (() => {
      const document = sellingDocument(', here is how we would fit out your office.');
      return { ...document, blocks: [...document.blocks, { id: 'sign', type: 'signature' }] };
    })(),
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
  const annPage = await (await newContext({ userAgent: BROWSERS.ann })).newPage();
  await annPage.goto(mail.linkIn(await mail.waitFor(ann.email, subject)));
  const annForm = await showSignForm(annPage);
  // The statement she agrees to says how she signs, and follows her choice.
  const annConsent = annForm.getByRole('checkbox', { name: /I agree to the statement above/ });
  await expect(annConsent).toHaveAccessibleDescription(STATEMENT.typed);
  await annForm.getByRole('tab', { name: 'Upload' }).click();
  await expect(annConsent).toHaveAccessibleDescription(STATEMENT.uploaded);
  await annForm.getByRole('tab', { name: 'Draw' }).click();
  await expect(annConsent).toHaveAccessibleDescription(STATEMENT.drawn);
  await expect(annForm).not.toContainText(STATEMENT.typed);
  const pad = annForm.getByRole('img', { name: /^Signature pad/ });
  await drawOn(annPage, pad);
  await expect(pad).toHaveAccessibleName('Signature pad with your drawing');
  await annConsent.check();
  await annForm.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(annPage.getByRole('region', { name: /^You signed on / })).toContainText('Waiting for: Ben Second');

  // Ben is emailed only now, and signs by typing.
  const benPage = await (await newContext({ userAgent: BROWSERS.ben })).newPage();
  await benPage.goto(mail.linkIn(await mail.waitFor(ben.email, subject)));
  const benForm = await showSignForm(benPage);
  await expect(benForm.getByLabel('Full name')).toHaveValue(ben.name);
  await expect(benForm.getByRole('checkbox', { name: /I agree to the statement above/ })).toHaveAccessibleDescription(
    STATEMENT.typed,
  );
  await benForm.getByRole('checkbox', { name: /I agree to the statement above/ }).check();
  await benForm.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(benPage.getByRole('region', { name: /^You signed on / })).toContainText(
    `Waiting for: ${ownerUser.name}`,
  );

  // The owner countersigns in the app with an image ten times taller than wide; the statement
  // follows the way they sign there too.
  await page.reload();
  const rows = page.getByRole('region', { name: 'Signers' }).getByRole('listitem');
  await expect(rows.nth(2)).toContainText('Your turn to countersign');
  await rows.nth(2).getByRole('button', { name: 'Countersign' }).click();
  const sheet = page.getByRole('dialog', { name: 'Countersign' });
  const ownerConsent = sheet.getByRole('checkbox', { name: /^I have read this proposal/ });
  await expect(ownerConsent).toHaveAccessibleName(STATEMENT.typed);
  await sheet.getByRole('tab', { name: 'Upload' }).click();
  await sheet.getByLabel('Image of your signature').setInputFiles({
    name: 'tall-signature.png',
    mimeType: 'image/png',
    buffer: solidPng(200, [30, 41, 59], 2000),
  });
  await expect(sheet.getByRole('img', { name: 'Your uploaded signature' })).toBeVisible();
  await expect(ownerConsent).toHaveAccessibleName(STATEMENT.uploaded);
  await ownerConsent.check();
  await sheet.getByRole('button', { name: 'Countersign' }).click();
  await expect(sheet).toBeHidden();
  const certificate = page.getByRole('region', { name: 'Acceptance certificate' });
  const signed = certificate.getByRole('list', { name: 'Signatures' }).getByRole('listitem');
  await expect(signed).toHaveCount(3);
  // Each signer's own browser and statement; every time once, with its zone.
  const ownerBrowser = await page.evaluate(() => navigator.userAgent);
  const evidence = [
    [ann.name, BROWSERS.ann, STATEMENT.drawn],
    [ben.name, BROWSERS.ben, STATEMENT.typed],
    [ownerUser.name, ownerBrowser, STATEMENT.uploaded],
  ] as const;
  for (const [i, [name, browser, statement]] of evidence.entries()) {
    await expect(signed.nth(i)).toContainText(name);
    await expect(signed.nth(i)).toContainText('127.0.0.1');
    await expect(signed.nth(i)).toContainText(browser);
    await expect(signed.nth(i)).toContainText(statement);
    await expect(signed.nth(i)).toContainText(/\d\d:\d\d:\d\d UTC/);
  }
  await expect(certificate).not.toContainText(/UTC\s*UTC/);
  await expectMarksClearOfText(certificate, 'the owner’s certificate');
  await expectMarksClearOfText(page.locator('[data-block="signature"]'), 'the owner’s signature block');

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

  // The signer's certificate: the same evidence, each signer's own.
  await benPage.reload();
  const benCertificate = benPage.locator('#certificate');
  const listed = benCertificate.getByRole('list', { name: 'Signatures' }).getByRole('listitem');
  await expect(listed).toHaveCount(3);
  for (const [i, [name, browser, statement]] of evidence.entries()) {
    await expect(listed.nth(i)).toContainText(name);
    await expect(listed.nth(i)).toContainText(browser);
    await expect(listed.nth(i)).toContainText(statement);
  }
  await expect(benCertificate).not.toContainText(/UTC\s*UTC/);

  // A signer's page on a phone, the certificate with its three downloads: nothing wider than the
  // screen, and the uploaded image clear of the text around it, in either theme.
  await benPage.setViewportSize({ width: 375, height: 740 });
  await benPage.reload();
  await expect(benCertificate.getByRole('link', { name: 'Signed PDF' })).toBeVisible();
  for (const theme of ['light', 'dark']) {
    await benPage.evaluate((t) => localStorage.setItem('theme', t), theme);
    await benPage.reload();
    await expect(benCertificate.getByRole('link', { name: 'Signed PDF' })).toBeVisible();
    await expectNothingWiderThanTheScreen(benPage, `a signer’s page with the certificate, ${theme}`);
    await expectMarksClearOfText(benCertificate, `the signer’s certificate (${theme})`);
    await expectMarksClearOfText(
      benPage.locator('[data-block="signature"]'),
      `the signer’s signature block (${theme})`,
    );
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
  await choosePdfToVerify(verifier, 'sealed.pdf', sealedBytes);
  await expect(verifier.getByText(/^Matches:/)).toBeVisible();
  const signedBy = verifier.getByText(/^Signed by /);
  await expect(signedBy).toContainText(ann.name);
  await expect(signedBy).toContainText(ben.name);
  await expect(signedBy).toContainText(ownerUser.name);
  await expect(verifier.getByText(/This file is the sealed PDF itself/)).toBeVisible();
  await expectNoAxeViolations(verifier, '/verify with a sealed PDF of three signatures');
});
