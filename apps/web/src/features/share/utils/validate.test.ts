import { describe, expect, it } from 'vitest';
import { CONSENT_MESSAGE, validateAccept, validateComment } from './validate';

describe('validateAccept', () => {
  it('says what each field needs, with the server’s own messages', () => {
    expect(validateAccept({ name: ' D ', email: 'dana@', consent: false })).toEqual({
      name: 'Type your full name.',
      email: 'Enter a valid email address, like name@example.com.',
      consent: CONSENT_MESSAGE,
    });
    expect(validateAccept({ name: 'Dana Reyes', email: ' dana@example.com ', consent: true })).toEqual({});
  });
});

describe('validateComment', () => {
  it('needs a name and a comment of at most 5000 characters', () => {
    expect(validateComment({ name: '', body: '   ' })).toEqual({
      name: 'Type your full name.',
      body: 'Write a comment.',
    });
    expect(validateComment({ name: 'Dana', body: 'x'.repeat(5001) })).toEqual({ body: 'Use at most 5000 characters.' });
  });
});
