import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, toast } from './fixtures';
import { showSignForm } from './support/proposals';
import { choosePdfToVerify } from './support/verify-page';

/**
 * The whole journey in two browsers (issue 4): the owner sends from the app; the client opens
 * the link from the email the SMTP sink received, picks an option, comments and accepts; the
 * owner sees it live, on the timeline and on the certificate; both download the PDF, whose text
 * is read with pdftotext; /verify recognises the client's PDF. The document also carries the
 * stored-XSS strings of QUALITY A5 as text: no script runs and no CSP violation is reported.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const XSS = [
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<style>body{display:none}</style>',
  '<a href="javascript:window.__xss=1" target="_blank">x</a>',
];

function proposalDocument() {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  return {
    version: 1,
    blocks: [
      {
        id: 'intro',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Dear ' },
                { type: 'variable', attrs: { name: 'client.name' } },
                { type: 'text', text: ', here is how we would rebuild your website.' },
              ],
            },
            ...XSS.map(paragraph),
          ],
        },
      },
      {
        id: 'fees',
        type: 'pricing_table',
        title: 'Fees',
        kind: 'lines',
        lines: [
          {
            id: 'build',
            description: 'Website build',
            quantity: 1000,
            unit: '',
            unitPrice: 250_000,
            discountPercent: 0,
            taxPercent: 0,
            billing: 'one_off',
            optional: false,
            selected: true,
          },
          {
            id: 'seo',
            description: 'SEO audit',
            quantity: 1000,
            unit: '',
            unitPrice: 60_000,
            discountPercent: 0,
            taxPercent: 0,
            billing: 'one_off',
            optional: true,
            selected: false,
          },
          {
            id: 'care',
            description: 'Care plan',
            quantity: 1000,
            unit: 'month',
            unitPrice: 9_900,
            discountPercent: 0,
            taxPercent: 0,
            billing: 'monthly',
            optional: false,
            selected: true,
          },
        ],
      },
      { id: 'sign', type: 'signature' },
    ],
  };
}

/** Records CSP violations and the A5 marker from the first script of every page of the context. */
async function watchForScripts(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

async function expectNoScriptRan(page: Page) {
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: number }).__xss ?? null,
    csp: (window as unknown as { __csp: string[] }).__csp,
  }));
  expect(state).toEqual({ xss: null, csp: [] });
}

function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-']).toString('utf8');
}

test('the owner sends, the client accepts from the emailed link, both get the PDF, /verify confirms it', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
  newContext,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const headers = { origin, 'content-type': 'application/json' };
  const clientEmail = `dana-${randomUUID().slice(0, 8)}@example.com`;
  const title = `Website rebuild ${randomUUID().slice(0, 6)}`;

  // The owner: signed up, email confirmed through the emailed link (needed to send).
  const owner = await signUpViaApi(page);
  await page.goto(mail.linkIn(await mail.waitFor(owner.email, /^Confirm your email for Draftwell$/)));
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/session')).json()) as { session: { user: { emailVerified: boolean } } })
          .session.user.emailVerified,
    )
    .toBe(true);
  const created = await (await page.request.post('/api/proposals', { headers, data: { title } })).json();
  const ready = await page.request.patch(`/api/proposals/${created.id}`, {
    headers,
    data: {
      version: created.version,
      client: { name: 'Dana Reyes', company: 'Reyes Bakery', email: clientEmail, phone: '', address: '' },
      validUntil: inDays(21),
      document: proposalDocument(),
    },
  });
  expect(ready.status(), await ready.text()).toBe(200);

  // Sending, from the editor.
  await page.goto(`/edit-draft/${created.id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send the proposal' });
  await expect(sendDialog).toContainText(clientEmail);
  await sendDialog.getByLabel('Message (optional)').fill('Here is the proposal we discussed on Tuesday.');
  await sendDialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(`/proposals/${created.id}`);
  await expect(page.getByRole('region', { name: 'Activity', exact: true })).toContainText(
    `You sent revision 1 to ${clientEmail}`,
  );

  // The client, in another browser, from the email.
  const clientContext = await newContext();
  const clientPage = await clientContext.newPage();
  await watchForScripts(clientPage);
  const email = await mail.waitFor(clientEmail, new RegExp(`^Proposal: ${title}$`));
  expect(email.text).toContain('Here is the proposal we discussed on Tuesday.');
  const link = mail.linkIn(email);
  expect(link).toMatch(new RegExp(`^${origin}/p/[A-Za-z0-9_-]{43}$`));
  await clientPage.goto(link);
  await expect(clientPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(clientPage.getByText('Dear Dana Reyes, here is how we would rebuild your website.')).toBeVisible();
  for (const text of XSS) await expect(clientPage.getByText(text, { exact: true })).toBeVisible();
  await expectNoScriptRan(clientPage);

  // The owner hears of the visit within two seconds.
  await expect(toast(page, `Dana Reyes opened “${title}”.`)).toBeVisible({ timeout: 2000 });

  // An option, a comment, the acceptance.
  const acceptRegion = clientPage.getByRole('region', { name: 'Sign this proposal' });
  await showSignForm(clientPage);
  await expect(acceptRegion.locator('[data-billing="one_off"] dd').first()).toContainText('$2,500');
  await clientPage.getByRole('checkbox', { name: 'SEO audit' }).check();
  await expect(acceptRegion.locator('[data-billing="one_off"] dd').first()).toContainText('$3,100');
  const comment = clientPage.getByRole('form', { name: 'Add a comment' });
  await comment.getByLabel('Your name').fill('Dana Reyes');
  await comment.getByLabel('Comment').fill('Can the SEO audit start in March?');
  await comment.getByRole('button', { name: 'Post comment' }).click();
  await expect(clientPage.getByRole('list', { name: 'Comments' })).toContainText('Can the SEO audit start in March?');
  await expect(toast(page, `Dana Reyes commented on “${title}”.`)).toBeVisible({ timeout: 2000 });

  const acceptForm = clientPage.getByRole('form', { name: 'Sign the proposal' });
  await expect(acceptForm.getByLabel('Full name')).toHaveValue('Dana Reyes');
  await expect(acceptForm.getByLabel('Email')).toHaveValue(clientEmail);
  await acceptForm.getByRole('checkbox', { name: /I agree to the statement above/ }).check();
  await acceptForm.getByRole('button', { name: 'Sign and accept' }).click();
  const certificate = clientPage.getByRole('region', { name: 'Accepted by Dana Reyes', exact: true });
  await expect(certificate).toBeVisible();
  await expect(certificate).toContainText('SEO audit');
  // The revision's hash (each signature also shows its consent statement's hash).
  const hash = (await certificate
    .locator('dt', { hasText: 'Revision hash (SHA-256)' })
    .locator('xpath=following-sibling::dd[1]')
    .textContent())!;
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expectNoAxeViolations(clientPage, 'the client’s certificate');
  await expectNoScriptRan(clientPage);

  // The owner: toast, status, timeline, certificate.
  await expect(toast(page, `Dana Reyes accepted “${title}”.`)).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('region', { name: 'Activity', exact: true })).toContainText(
    `Accepted by Dana Reyes (${clientEmail})`,
  );
  const ownerCertificate = page.getByRole('region', { name: 'Acceptance certificate' });
  await expect(ownerCertificate).toContainText(hash);
  await expect(ownerCertificate).toContainText('One-off total: $3,100');
  await expectNoAxeViolations(page, 'the owner’s view of the accepted proposal');

  // Both download the PDF; its text has the title, the lines, the totals and the hash.
  const ownerDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).first().click();
  const ownerPdf = pdfText((await (await ownerDownload).path())!);
  const clientDownload = clientPage.waitForEvent('download');
  await certificate.getByRole('link', { name: 'Download PDF' }).click();
  const clientFile = (await (await clientDownload).path())!;
  const clientPdf = pdfText(clientFile);
  for (const text of [ownerPdf, clientPdf]) {
    for (const expected of [title, 'Website build', 'SEO audit', 'Care plan', '$3,100', '$99', 'Dana Reyes', hash]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Certificate of acceptance/i);
    expect(text).toContain('<img src=x onerror=');
  }

  // /verify recognises the client's PDF, and the pasted hash.
  await clientPage.goto('/verify');
  await choosePdfToVerify(clientPage, 'signed.pdf', readFileSync(clientFile));
  await expect(clientPage.getByText(/Matches: accepted by Dana Reyes on /)).toBeVisible();
  await clientPage.getByLabel('Revision hash (SHA-256)').fill(hash);
  await clientPage.getByRole('button', { name: 'Check hash' }).click();
  await expect(clientPage.getByText(/Matches: accepted by Dana Reyes on /)).toBeVisible();
  await expectNoAxeViolations(clientPage, '/verify with a match');
});
