import type { TAcceptanceCertificate, TRevision } from '@draftwell/shared/share/revision';
import type { TComment, TSharedProposal } from '@draftwell/shared/share/share-api';
import type { TAcceptProposal, TDeclineProposal } from '@draftwell/shared/share/share-schemas';
import type { TSignaturePending } from '@draftwell/shared/share/signing';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { sharePost, shareUrl, type TShareAnswer, type TShareBody, type TShareRoutes } from './share-request';

describe('share-request: the client page’s calls without the typed client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads each route’s answer and body types from the server’s routes (a drift fails the type check)', () => {
    expectTypeOf<TShareAnswer<TShareRoutes['$get']>>().toEqualTypeOf<TSharedProposal>();
    expectTypeOf<TShareAnswer<TShareRoutes['revisions'][':number']['$get']>>().toEqualTypeOf<TRevision>();
    expectTypeOf<TShareAnswer<TShareRoutes['comments']['$post']>>().toEqualTypeOf<TComment>();
    expectTypeOf<TShareAnswer<TShareRoutes['accept']['$post']>>().toEqualTypeOf<
      TAcceptanceCertificate | TSignaturePending
    >();
    expectTypeOf<TShareAnswer<TShareRoutes['views']['$post']>>().toEqualTypeOf<{ viewId: string | null }>();
    expectTypeOf<TShareBody<TShareRoutes['decline']['$post']>>().toEqualTypeOf<TDeclineProposal>();
    expectTypeOf<TShareBody<TShareRoutes['accept']['$post']>>().toEqualTypeOf<TAcceptProposal>();
  });

  it('posts JSON to the link’s own address and turns a refusal into the server’s ApiError', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many comments.' } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '30' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const error = await sharePost(shareUrl('a b', '/comments'), { name: 'Dana', body: 'Hi' }).catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledWith('/api/share/a%20b/comments', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Dana","body":"Hi"}',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many comments.', retryAfter: 30 });
  });
});
