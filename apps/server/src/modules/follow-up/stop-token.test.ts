import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { followUpStopToken, openFollowUpStopToken } from './stop-token';

describe('the follow-up stop token', () => {
  const secret = 'a'.repeat(48);
  it('opens to the signer it was made for, under the same secret only', () => {
    const id = randomUUID();
    const token = followUpStopToken(secret, id);
    expect(openFollowUpStopToken(secret, token)).toBe(id);
    expect(openFollowUpStopToken('b'.repeat(48), token)).toBeNull();
    const other = randomUUID().replaceAll('-', '');
    expect(openFollowUpStopToken(secret, `${other}${token.slice(32)}`)).toBeNull();
    expect(openFollowUpStopToken(secret, `${token}x`)).toBeNull();
    expect(openFollowUpStopToken(secret, '')).toBeNull();
  });
});
