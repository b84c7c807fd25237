import type { TTemplateList, TTemplateSummary } from '@draftwell/shared/workspace/templates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithI18n } from '@/test/i18n';
import { TemplateGallery } from './template-gallery';

// The machine may be busy with other suites: give the screen time, not a fixed race.
configure({ asyncUtilTimeout: 5000 });

function summary(id: string, name: string, kind: 'starter' | 'own' = 'own'): TTemplateSummary {
  return {
    id,
    kind,
    name,
    description: `About ${name}.`,
    category: kind === 'starter' ? 'Consulting' : '',
    version: kind === 'starter' ? 0 : 1,
    createdAt: kind === 'starter' ? null : '2026-11-01T10:00:00.000Z',
    updatedAt: kind === 'starter' ? null : '2026-11-01T10:00:00.000Z',
  };
}

const STARTERS = Array.from({ length: 6 }, (_, i) => summary(`starter-${i}`, `Starter ${i + 1}`, 'starter'));

type TRequest = { method: string; url: URL };

/** A fake API: answers the gallery's calls with `answer`, and records every request. */
function stubApi(answer: (request: TRequest) => { status: number; body?: unknown }) {
  const requests: TRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const request = {
        method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
        url,
      };
      requests.push(request);
      const { status, body } = answer(request);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

function list(items: TTemplateSummary[], starters = STARTERS, nextCursor: string | null = null): TTemplateList {
  return { starters, items, nextCursor };
}

function renderGallery() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <WithI18n>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <TemplateGallery />
          <Toaster closeButton toastOptions={{ closeButtonAriaLabel: 'Close notification' }} />
        </MemoryRouter>
      </QueryClientProvider>
    </WithI18n>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('TemplateGallery', () => {
  it('shows skeletons while loading, then six starters and an empty own section that explains itself', async () => {
    stubApi(() => ({ status: 200, body: list([]) }));
    renderGallery();
    expect(screen.getByRole('status', { name: 'Loading templates' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Starter templates' });
    expect(within(region('Starter templates')).getAllByRole('article')).toHaveLength(6);
    const own = region('Your templates');
    expect(within(own).getByRole('heading', { name: 'No templates of your own yet' })).toBeTruthy();
    expect(own.textContent).toContain('Save as template');
    expect(own.textContent).toContain('Duplicate');
  });

  it('says when the list did not load, and Retry loads it', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? { status: 503, body: { error: { code: 'unavailable', message: 'The database is restarting.' } } }
        : { status: 200, body: list([summary('a1', 'Mine')]) },
    );
    renderGallery();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The templates did not load');
    expect(alert.textContent).toContain('The database is restarting.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(await screen.findByRole('region', { name: 'Your templates' })).findByRole('article', { name: 'Mine' });
  });

  it('searches after typing stops, and says when nothing matches', async () => {
    const requests = stubApi(({ url }) =>
      url.searchParams.get('q') ? { status: 200, body: list([], []) } : { status: 200, body: list([]) },
    );
    renderGallery();
    await screen.findByRole('region', { name: 'Starter templates' });
    fireEvent.change(screen.getByLabelText('Search templates'), { target: { value: '  zebra ' } });
    await screen.findByRole('heading', { name: 'No templates match “zebra”' });
    expect(requests.at(-1)?.url.searchParams.get('q')).toBe('zebra');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear search' })[0]!);
    await screen.findByRole('region', { name: 'Starter templates' });
  });

  it('loads more of your templates with the cursor', async () => {
    const requests = stubApi(({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? { status: 200, body: list([summary('b1', 'Older one')]) }
        : { status: 200, body: list([summary('a1', 'Newer one')], STARTERS, 'page-2') },
    );
    renderGallery();
    const own = await screen.findByRole('region', { name: 'Your templates' });
    fireEvent.click(within(own).getByRole('button', { name: 'Load more' }));
    await within(own).findByRole('article', { name: 'Older one' });
    expect(within(own).getAllByRole('article')).toHaveLength(2);
    expect(within(own).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.filter((r) => r.url.searchParams.get('cursor') === 'page-2')).toHaveLength(1);
  });

  it('deletes only once the Undo window has passed, and Undo keeps the template', async () => {
    const requests = stubApi(({ method }) =>
      method === 'DELETE' ? { status: 204 } : { status: 200, body: list([summary('a1', 'Keep me')]) },
    );
    renderGallery();
    const own = await screen.findByRole('region', { name: 'Your templates' });
    const openMenu = async () => {
      const trigger = within(own).getByRole('button', { name: 'More actions for Keep me' });
      fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    };
    await openMenu();
    await waitFor(() => expect(within(own).queryByRole('article', { name: 'Keep me' })).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await within(own).findByRole('article', { name: 'Keep me' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    // The undone toast leaves with an animation; its close button must not be the one clicked next.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());

    await openMenu();
    fireEvent.click(await screen.findByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'DELETE')?.url.pathname).toBe('/api/templates/a1');
  });
});
