import { describe, expect, it } from 'vitest';
import { isAppRoute } from './paths';

describe('isAppRoute', () => {
  it.each([
    '/',
    '/auth',
    '/pricing',
    '/about',
    '/contact',
    '/privacy',
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
