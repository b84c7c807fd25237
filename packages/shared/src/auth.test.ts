import { describe, expect, it } from 'vitest';
import { ZContactMessage } from './contact';
import { ZSignUp } from './auth';

describe('sign-up schema', () => {
  it('accepts 8 to 128 characters', () => {
    expect(ZSignUp.safeParse({ name: 'A', email: 'a@b.co', password: 'x'.repeat(8) }).success).toBe(true);
    expect(ZSignUp.safeParse({ name: 'A', email: 'a@b.co', password: 'x'.repeat(128) }).success).toBe(true);
  });
  it('says what is wrong with each field', () => {
    const r = ZSignUp.safeParse({ name: ' ', email: 'nope', password: 'short' });
    expect(r.success).toBe(false);
    const msgs = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(msgs).toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid email address, like name@example.com.',
      password: 'Use at least 8 characters.',
    });
  });
});

describe('contact schema', () => {
  it('refuses unknown fields', () => {
    const r = ZContactMessage.safeParse({ name: 'A', email: 'a@b.co', message: 'Hello there, team', admin: true });
    expect(r.success).toBe(false);
  });
});
