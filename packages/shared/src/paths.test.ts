import { describe, expect, it } from 'vitest';
import { isAppRoute, shareTokenOf } from './paths';

describe('isAppRoute', () => {
  it.each([
    '/',
    '/auth',
    '/pricing',
    '/about',
    '/contact',
    '/privacy',
    '/developers',
    '/404',
    '/dashboard',
    '/templates',
    '/profile',
    '/library',
  ])('knows %s', (p) => expect(isAppRoute(p)).toBe(true));
  it.each(['/edit-draft/abc', '/proposals/123', '/dashboard/', '/library/sections/abc'])('knows the pattern %s', (p) =>
    expect(isAppRoute(p)).toBe(true),
  );
  it.each([
    '/nope',
    '/edit-draft',
    '/edit-draft/a/b',
    '/proposals/',
    '/dashboardx',
    '/api/session',
    '/library/sections',
    '/library/abc',
  ])('rejects %s', (p) => expect(isAppRoute(p)).toBe(false));
});

describe('shareTokenOf', () => {
  it('reads the token of a client’s link, with or without a trailing slash, decoded', () => {
    const token = 'Ab-_'.repeat(10) + 'xyz';
    expect(shareTokenOf(`/p/${token}`)).toBe(token);
    expect(shareTokenOf(`/p/${token}/`)).toBe(token);
    expect(shareTokenOf('/p/a%20b')).toBe('a b');
  });

  it('is empty for any other path, or a token that does not decode', () => {
    for (const p of ['/p/', '/p', '/p/a/b', '/dashboard', '/x/p/abc', '/p/%E0%A4%A'])
      expect(shareTokenOf(p), p).toBe('');
  });
});
