import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { decodeCursor, encodeCursor } from './cursor';

describe('cursor', () => {
  it('round-trips', () => {
    const c = { k: '2026-11-21T10:00:00.000Z', id: '2587d452-d1b2-47e2-bbdd-a5c20e1d6083' };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor(undefined)).toBeUndefined();
  });
  it.each([
    'nope',
    Buffer.from('{"k":1,"id":"x"}').toString('base64url'),
    Buffer.from("'; drop table x").toString('base64url'),
  ])('refuses %s with a 400', (raw) => {
    expect(() => decodeCursor(raw)).toThrow(AppError);
  });
});
