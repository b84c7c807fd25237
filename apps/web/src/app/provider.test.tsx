import { act, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { templateKeys } from '@/lib/api/query-keys';
import { followAccountLanguage } from '@/lib/app-language';
import { AppProvider } from './provider';

describe('AppProvider', () => {
  afterEach(async () => {
    await act(() => followAccountLanguage('en'));
  });

  it('reads the starters again when the app’s language changes (the server writes them in it), and only then', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(templateKeys.list(''), { starters: [] });
    queryClient.setQueryData(['proposals', 'list'], { items: [] });
    render(
      <AppProvider queryClient={queryClient}>
        <p>Screens</p>
      </AppProvider>,
    );
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(templateKeys.list(''))).toBe(false);
    await act(() => followAccountLanguage('de'));
    expect(document.documentElement.lang).toBe('de');
    expect(stale(templateKeys.list(''))).toBe(true);
    expect(stale(['proposals', 'list'])).toBe(false);
  });
});
