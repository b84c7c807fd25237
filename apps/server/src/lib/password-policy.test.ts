import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

describe('passwordProblem (A13)', () => {
  it('refuses 7 characters, accepts 64, refuses 200', async () => {
    expect(await passwordProblem('abcdefg')).toMatch(/at least 8/);
    expect(await passwordProblem('a'.repeat(30) + 'B9!' + 'c'.repeat(31))).toBeNull();
    expect(await passwordProblem('x'.repeat(200))).toMatch(/at most 128/);
  });
  it('refuses the most common passwords, whatever their case', async () => {
    for (const p of ['password', '12345678', 'iloveyou', 'Password123', 'qwertyuiop', 'football']) {
      expect(await passwordProblem(p), p).toMatch(/most common/);
    }
  });
  it('accepts a passphrase', async () => {
    expect(await passwordProblem('correct horse battery staple')).toBeNull();
  });
});
