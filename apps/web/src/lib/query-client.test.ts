import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client (S11)', () => {
  it('does not refetch on window focus, retries once, keeps data fresh for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.retry).toBe(1);
    expect(defaults?.staleTime).toBe(300_000);
  });
});
