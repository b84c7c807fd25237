import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithI18n } from '@/test/i18n';
import { PdfCharactersNote } from './pdf-characters-note';

configure({ asyncUtilTimeout: 5000 });

const ID = '6e1f3c2a-2b7d-4c1e-9a55-0d4c3b2a1f00';

/** The server's answer to GET /api/proposals/:id/pdf-check, and the paths asked for. */
function stubCheck(status: number, body: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const renderNote = (enabled = true) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WithI18n>
        <p>Send dialog</p>
        <PdfCharactersNote proposalId={ID} enabled={enabled} />
      </WithI18n>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('PdfCharactersNote', () => {
  it('names what the PDF cannot show, with code points, without stopping the send', async () => {
    const calls = stubCheck(200, {
      unshown: [
        { character: 'த', codePoint: 'U+0BA4' },
        { character: '𓀀', codePoint: 'U+13000' },
      ],
    });
    renderNote();
    const note = await screen.findByRole('note', { name: 'The PDF cannot show: த 𓀀' });
    expect(note.textContent).toContain('U+0BA4, U+13000');
    expect(note.textContent).toContain('show “�” in their place');
    expect(calls).toEqual([`/api/proposals/${ID}/pdf-check`]);
  });

  it('says nothing when the PDF shows everything, or before the dialog opens', async () => {
    const calls = stubCheck(200, { unshown: [] });
    const { unmount } = renderNote(false);
    expect(calls).toEqual([]);
    unmount();
    renderNote();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says in a line that the check failed, leaving the send to the owner', async () => {
    stubCheck(500, { error: { code: 'internal', message: 'Something went wrong.' } });
    renderNote();
    expect(await screen.findByText('The PDF’s characters could not be checked just now.')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
