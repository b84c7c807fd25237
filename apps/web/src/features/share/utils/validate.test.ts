import { englishI18n as i18n } from '@draftwell/shared/i18n/english';
import { describe, expect, it } from 'vitest';
import { validateAccept, validateComment } from './validate';

describe('validateAccept', () => {
  it('says what each field needs, with the server’s own messages', () => {
    expect(validateAccept(i18n, { name: ' D ', email: 'dana@', consent: false })).toEqual({
      name: 'Type your full name.',
      email: 'Enter a valid email address, like name@example.com.',
      consent: 'Tick the box to agree to the terms of the electronic signature.',
    });
    expect(validateAccept(i18n, { name: 'Dana Reyes', email: ' dana@example.com ', consent: true })).toEqual({});
  });
});

describe('validateComment', () => {
  it('needs a name and a comment of at most 5000 characters', () => {
    expect(validateComment(i18n, { name: '', body: '   ' })).toEqual({
      name: 'Type your full name.',
      body: 'Write a comment.',
    });
    expect(validateComment(i18n, { name: 'Dana', body: 'x'.repeat(5001) })).toEqual({
      body: 'Use at most 5000 characters.',
    });
  });
});
