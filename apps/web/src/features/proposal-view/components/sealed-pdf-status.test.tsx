import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSealStatus } from '@draftwell/shared/share/share-api';
import { WithI18n } from '@/test/i18n';
import { SealedPdfStatus } from './sealed-pdf-status';

configure({ asyncUtilTimeout: 5000 });

const ID = '6e1f3c2a-2b7d-4c1e-9a55-0d4c3b2a1f00';

/** The seal's API as the server answers it: GET gives `status`, POST moves it to `after`. */
function stubSeal(status: TSealStatus, after?: TSealStatus) {
  const calls: string[] = [];
  let current = status;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const url = String(input instanceof Request ? input.url : input);
      calls.push(`${method} ${new URL(url, 'http://x').pathname}`);
      if (method === 'POST' && after) current = after;
      return new Response(JSON.stringify(current), {
        status: method === 'POST' ? 202 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const renderStatus = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WithI18n>
        <SealedPdfStatus proposalId={ID} />
      </WithI18n>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('SealedPdfStatus', () => {
  it('offers the signed PDF once sealed, with its certificate’s fingerprint', async () => {
    stubSeal({
      status: 'sealed',
      sealedAt: '2027-03-04T14:22:09.000Z',
      sha256: 'a'.repeat(64),
      size: 1234,
      certificateFingerprint: 'cd'.repeat(32),
      certificateSubject: 'O=Draftwell, CN=Draftwell seal',
    });
    renderStatus();
    const link = await screen.findByRole('link', { name: 'Signed PDF' });
    expect(link.getAttribute('href')).toBe(`/api/proposals/${ID}/sealed-pdf`);
    expect(screen.getByText(/Signed PDF ready/).textContent).toContain('cdcdcdcdcdcdcdcd…');
  });

  it('shows a failure with its reason, and asks again', async () => {
    const calls = stubSeal(
      { status: 'failed', failedAt: '2027-03-04T14:25:00.000Z', error: 'The PDF service was busy.' },
      { status: 'pending', since: '2027-03-04T14:22:09.000Z', attempts: 0, lastError: null },
    );
    renderStatus();
    expect(await screen.findByText('The signed PDF could not be made: The PDF service was busy.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Sealing the signed PDF/)).toBeTruthy();
    expect(calls).toContain(`POST /api/proposals/${ID}/seal`);
  });

  it('offers to make one for a proposal accepted before signed PDFs existed', async () => {
    stubSeal({ status: 'none' });
    renderStatus();
    expect(await screen.findByText('This proposal was accepted before signed PDFs existed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make a signed PDF' })).toBeTruthy();
  });
});
