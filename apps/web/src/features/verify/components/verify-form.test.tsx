import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithI18n } from '@/test/i18n';
import { VerifyForm } from './verify-form';

configure({ asyncUtilTimeout: 5000 });

const HASH = 'ab'.repeat(32);

function stubVerify(answer: (body: unknown) => { status: number; body: unknown; headers?: Record<string, string> }) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body instanceof FormData ? init.body.get('file') : JSON.parse(String(init?.body));
      bodies.push(body);
      const result = answer(body);
      return new Response(JSON.stringify(result.body), {
        status: result.status,
        headers: { 'content-type': 'application/json', ...result.headers },
      });
    }),
  );
  return bodies;
}

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WithI18n>
        <VerifyForm />
      </WithI18n>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('VerifyForm', () => {
  it('checks a pasted hash: a match says who accepted it and when, and nothing else', async () => {
    const bodies = stubVerify(() => ({
      status: 200,
      body: {
        match: true,
        proposalNumber: 'P-2027-0042',
        revisionNumber: 2,
        revisionHash: HASH,
        acceptedBy: 'Dana Reyes',
        acceptedAt: '2027-03-04T14:22:05.000Z',
        signers: [{ name: 'Dana Reyes', at: '2027-03-04T14:22:05.000Z' }],
        seal: null,
      },
    }));
    renderForm();
    const input = screen.getByLabelText('Revision hash (SHA-256)');
    fireEvent.change(input, { target: { value: 'not a hash' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check hash' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toHaveLength(0);

    fireEvent.change(input, { target: { value: `  ${HASH.toUpperCase()} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Check hash' }));
    const result = await screen.findByText(/^Matches:/);
    expect(result.closest('p')?.textContent).toBe(
      `Matches: accepted by Dana Reyes on March 4, 2027 at 2:22 PM UTC, revision 2, hash ${HASH}`,
    );
    expect(bodies).toEqual([{ hash: HASH }]);
  });

  it('checks the hash the certificate’s QR code opened the page with, and names the sealed PDF’s certificate', async () => {
    const fingerprint = 'cd'.repeat(32);
    const bodies = stubVerify(() => ({
      status: 200,
      body: {
        match: true,
        proposalNumber: 'P-2027-0042',
        revisionNumber: 1,
        revisionHash: HASH,
        acceptedBy: 'Dana Reyes',
        acceptedAt: '2027-03-04T14:22:05.000Z',
        signers: [{ name: 'Dana Reyes', at: '2027-03-04T14:22:05.000Z' }],
        seal: {
          checked: false,
          sealedAt: '2027-03-04T14:22:09.000Z',
          certificateFingerprint: fingerprint,
          certificateSubject: 'CN=Draftwell seal, O=Draftwell',
        },
      },
    }));
    window.history.replaceState(null, '', `/verify?hash=${HASH}`);
    try {
      renderForm();
      const sealed = await screen.findByText(/digitally sealed on/);
      expect(sealed.textContent).toBe(
        `Its final PDF was digitally sealed on March 4, 2027 at 2:22 PM UTC with the certificate “CN=Draftwell seal, O=Draftwell” (SHA-256 ${fingerprint}).`,
      );
      expect(bodies).toEqual([{ hash: HASH }]);
      expect((screen.getByLabelText('Revision hash (SHA-256)') as HTMLInputElement).value).toBe(HASH);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('says when nothing matches', async () => {
    stubVerify(() => ({ status: 200, body: { match: false } }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Revision hash (SHA-256)'), { target: { value: HASH } });
    fireEvent.click(screen.getByRole('button', { name: 'Check hash' }));
    expect(await screen.findByText('No accepted proposal matches this')).toBeTruthy();
  });

  it('sends a chosen PDF, and refuses another type or one over 10 MB before sending', async () => {
    const bodies = stubVerify(() => ({ status: 200, body: { match: false } }));
    renderForm();
    const input = screen.getByLabelText('Choose a PDF');
    expect(input.getAttribute('accept')).toContain('application/pdf');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert').textContent).toContain('Choose a PDF file');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toContain('larger than 10 MB');
    expect(bodies).toHaveLength(0);

    const pdf = new File(['%PDF-1.7'], 'proposal.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(await screen.findByText('No accepted proposal matches this')).toBeTruthy();
    expect((bodies[0] as File).name).toBe('proposal.pdf');
  });

  it('words a failed check from its code, not with the server’s English message', async () => {
    stubVerify(() => ({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many attempts. Try again in 2 minutes.' } },
      headers: { 'retry-after': '100' },
    }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Revision hash (SHA-256)'), { target: { value: HASH } });
    fireEvent.click(screen.getByRole('button', { name: 'Check hash' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 2 minutes.');
  });

  it('quotes the request’s id when the server failed, in its own words', async () => {
    const requestId = '4f9c0d2e-7b1a-4c3d-9e8f-0a1b2c3d4e5f';
    stubVerify(() => ({
      status: 500,
      body: { error: { code: 'internal', message: 'Server-side English.', requestId } },
    }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Revision hash (SHA-256)'), { target: { value: HASH } });
    fireEvent.click(screen.getByRole('button', { name: 'Check hash' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Something went wrong on our side. If it keeps happening, contact us and quote request \u2066${requestId}\u2069.`,
    );
  });

  it('says a file the server found not to be a PDF is not one', async () => {
    stubVerify(() => ({
      status: 400,
      body: { error: { code: 'invalid', message: 'That file is not a PDF.', fields: { file: 'Not a PDF.' } } },
    }));
    renderForm();
    const pdf = new File(['hello'], 'renamed.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Choose a PDF'), { target: { files: [pdf] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That file is not a PDF. Choose the PDF you downloaded from Draftwell.',
    );
  });
});
