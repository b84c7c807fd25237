import { describe, expect, it } from 'vitest';
import { isAppRoute, publicPageLanguage, publicPageLanguages, shareTokenOf } from './paths';

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

describe('publicPageLanguage', () => {
  it('offers /verify in all sixteen languages and the other public pages in the app’s six', () => {
    expect(publicPageLanguages('/verify')).toHaveLength(16);
    expect(publicPageLanguages('/verify/')).toHaveLength(16);
    expect(publicPageLanguages('/pricing')).toEqual(['en', 'de', 'fr', 'es', 'pt-BR', 'ja']);
  });

  it('takes the device’s choice where the page has it, else the closest the browser asks for, else English', () => {
    expect(publicPageLanguage('/pricing', 'de', ['ja'])).toBe('de');
    expect(publicPageLanguage('/pricing', 'ko', ['ja'])).toBe('ja');
    expect(publicPageLanguage('/verify', 'ko', ['ja'])).toBe('ko');
    expect(publicPageLanguage('/pricing', 'x<y', ['pt-PT', 'de'])).toBe('pt-BR');
    expect(publicPageLanguage('/pricing', undefined, ['zh-TW', 'ko'])).toBe('en');
    expect(publicPageLanguage('/verify', undefined, ['zh-TW', 'ko'])).toBe('ko');
    expect(publicPageLanguage('/', null, [])).toBe('en');
  });
});
