import { I18nProvider } from '@lingui/react';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as verifyArabic } from '@draftwell/shared/i18n/catalogs/verify/ar';
import { createI18n } from '@draftwell/shared/i18n/i18n';
import { SealCertificate } from './seal-certificate';
import { VerifyForm } from './verify-form';

configure({ asyncUtilTimeout: 5000 });

const HASH = 'ab'.repeat(32);
const FINGERPRINT = 'cd'.repeat(32);
const SUBJECT = 'CN=Draftwell seal, O=Draftwell';

/** What may stay in Latin letters: names, hashes, the certificate's subject, file names and fixed terms. */
const REQUEST_ID = '4f9c0d2e-7b1a-4c3d-9e8f-0a1b2c3d4e5f';
const KEPT = [
  SUBJECT,
  HASH,
  FINGERPRINT,
  REQUEST_ID,
  'Dana Reyes',
  'Sam Lee',
  'notes.txt',
  'SHA-256',
  'PDF',
  'Draftwell',
  'UTC',
];

/** The Latin words left in the page's text and labels once the kept ones are taken out. */
function englishLeft(container: HTMLElement): string[] {
  const labels = [...container.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((el) =>
    ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''),
  );
  let text = [container.textContent ?? '', ...labels].join('\n');
  // The fingerprint as the certificate panel prints it, in pairs (AB:CD:…).
  text = text.replace(/\b[0-9A-F]{2}(:[0-9A-F]{2})+\b/g, ' ');
  for (const kept of KEPT) text = text.split(kept).join(' ');
  // The hash's alphabet, written as is in every language.
  text = text.replace(/\b0-9\b|\ba-f\b/g, ' ');
  return text.match(/[A-Za-z][A-Za-z’'-]*/g) ?? [];
}

function stubServer(verifyAnswer: () => { status: number; body: unknown; headers?: Record<string, string> }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const answer = url.endsWith('/verify/certificate')
        ? {
            status: 200,
            body: {
              fingerprint: FINGERPRINT,
              subject: SUBJECT,
              selfSigned: true,
              notAfter: '2030-01-01T00:00:00.000Z',
              timestamped: true,
            },
          }
        : verifyAnswer();
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
}

const match = {
  match: true,
  proposalNumber: 'P-2027-0042',
  revisionNumber: 2,
  revisionHash: HASH,
  acceptedBy: 'Dana Reyes',
  acceptedAt: '2027-03-04T14:22:05.000Z',
  signers: [
    { name: 'Dana Reyes', at: '2027-03-04T14:22:05.000Z' },
    { name: 'Sam Lee', at: '2027-03-05T09:10:00.000Z' },
  ],
  seal: {
    checked: true,
    sealedAt: '2027-03-05T09:10:04.000Z',
    certificateFingerprint: FINGERPRINT,
    certificateSubject: SUBJECT,
  },
};

function renderInArabic() {
  const { container } = render(
    <I18nProvider i18n={createI18n('ar', verifyArabic)}>
      <VerifyForm />
      <SealCertificate />
    </I18nProvider>,
  );
  const form = container.querySelector('form')!;
  return {
    container,
    form,
    hashInput: form.querySelector('input')!,
    fileInput: container.querySelector<HTMLInputElement>('input[type="file"]')!,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('/verify’s form and result in Arabic', () => {
  it('has no English left: the form, its hints, the seal’s certificate and a match with its seal', async () => {
    stubServer(() => ({ status: 200, body: match }));
    const { container, form, hashInput } = renderInArabic();
    await screen.findByTestId('seal-fingerprint');
    expect(englishLeft(container)).toEqual([]);

    fireEvent.change(hashInput, { target: { value: HASH } });
    fireEvent.submit(form);
    await waitFor(() => expect(container.textContent).toContain('Sam Lee'));
    expect(container.textContent).toContain('مطابق:');
    expect(englishLeft(container)).toEqual([]);
  });

  it('has no English in what it says about a wrong hash, a wrong file or a refused check', async () => {
    stubServer(() => ({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many attempts. Try again in 2 minutes.' } },
      headers: { 'retry-after': '100' },
    }));
    const { container, form, hashInput, fileInput } = renderInArabic();
    await screen.findByTestId('seal-fingerprint');

    fireEvent.submit(form);
    expect(screen.getByRole('alert').textContent).toBe('يُرجى لصق البصمة الواردة في الشهادة.');
    fireEvent.change(hashInput, { target: { value: 'not a hash' } });
    fireEvent.submit(form);
    expect(englishLeft(container)).toEqual([]);

    fireEvent.change(fileInput, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(englishLeft(container)).toEqual([]);

    fireEvent.change(hashInput, { target: { value: HASH } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('دقيقتين'));
    expect(englishLeft(container)).toEqual([]);
  });

  it('says a failure on the server’s side in Arabic, with the id to quote', async () => {
    const requestId = '4f9c0d2e-7b1a-4c3d-9e8f-0a1b2c3d4e5f';
    stubServer(() => ({
      status: 500,
      body: { error: { code: 'internal', message: 'Server-side English.', requestId } },
    }));
    const { container, form, hashInput } = renderInArabic();
    await screen.findByTestId('seal-fingerprint');
    fireEvent.change(hashInput, { target: { value: HASH } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(requestId));
    expect(englishLeft(container)).toEqual([]);
  });
});
