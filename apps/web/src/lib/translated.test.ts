import { describe, expect, it } from 'vitest';
import { messages as app } from '@draftwell/shared/i18n/catalogs/app/de';
import { messages as page } from '@draftwell/shared/i18n/catalogs/page/de';
import { messages as later } from '@draftwell/shared/i18n/catalogs/page-later/de';
import { messages as site } from '@draftwell/shared/i18n/catalogs/public/de';
import { englishI18n } from '@draftwell/shared/i18n/english';
import { createI18n } from '@draftwell/shared/i18n/i18n';
import { ZSignIn } from '@draftwell/shared/auth';
import { INTERNAL_ERROR_MESSAGE, internalErrorMessage } from '@draftwell/shared/errors';
import { leftToRight } from '@draftwell/shared/text';
import { INTERNAL_ERROR, translated, VALIDATION_REFUSALS } from './translated';

const german = createI18n('de', page, later, site, app);

describe('translated: a schema’s or the server’s message in the reader’s language', () => {
  it('translates a declared message by its English', () => {
    expect(translated(german, 'Enter your email address.')).toBe('Geben Sie Ihre E-Mail-Adresse ein.');
    expect(translated(german, 'Enter your current password.')).toBe('Geben Sie Ihr aktuelles Passwort ein.');
  });

  it('translates the server’s words above a 400’s field messages', () => {
    expect(VALIDATION_REFUSALS.map((message) => translated(german, message))).toEqual([
      'Einige Felder müssen geprüft werden.',
      'Einige Parameter müssen geprüft werden.',
    ]);
  });

  it('leaves English as it is', () => {
    expect(translated(englishI18n, 'Enter your email address.')).toBe('Enter your email address.');
  });

  it('passes text the catalogs lack through unchanged, braces and all', () => {
    expect(translated(german, 'Use at most 300 characters for the name.')).toBe(
      'Use at most 300 characters for the name.',
    );
    expect(translated(german, 'Two blocks share the id "{a}".')).toBe('Two blocks share the id "{a}".');
    expect(translated(german, 'Geben Sie Ihr Passwort ein.')).toBe('Geben Sie Ihr Passwort ein.');
    expect(translated(german, undefined)).toBeUndefined();
    expect(translated(german, '')).toBe('');
  });

  it('reads a schema’s own message, which stays English where it is made', () => {
    const parsed = ZSignIn.safeParse({ email: '', password: '' });
    const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    expect(messages).toContain('Enter your email address.');
    expect(messages.map((message) => translated(german, message))).toContain('Geben Sie Ihr Passwort ein.');
  });
});

describe('translated: a 500 keeps the request id a person quotes to us', () => {
  const message = internalErrorMessage('4f9c0d2e-7b1a-4c3d-9e8f-0a1b2c3d4e5f');

  it('declares the server’s own English', () => {
    expect(INTERNAL_ERROR).toBe(INTERNAL_ERROR_MESSAGE);
  });

  it('says it in the reader’s language, with the id set left to right whatever the sentence’s direction', () => {
    const shown = translated(german, message);
    expect(shown).toContain('\u20664f9c0d2e-7b1a-4c3d-9e8f-0a1b2c3d4e5f\u2069');
    expect(shown).not.toContain('Something went wrong');
    expect(translated(englishI18n, message)).toBe(
      internalErrorMessage(leftToRight('4f9c0d2e-7b1a-4c3d-9e8f-0a1b2c3d4e5f')),
    );
  });

  it('leaves a sentence that only looks like it alone', () => {
    const odd = internalErrorMessage('<b>not an id</b>');
    expect(translated(german, odd)).toBe(odd);
  });
});
