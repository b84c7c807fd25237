import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { decodeCursor, decodeTimeCursor, encodeCursor } from './cursor';

const ID = '2587d452-d1b2-47e2-bbdd-a5c20e1d6083';
const raw = (k: unknown) => Buffer.from(JSON.stringify({ k, id: ID })).toString('base64url');

describe('cursor', () => {
  it('round-trips', () => {
    const c = { k: '2026-11-21T10:00:00.000Z', id: ID };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor(undefined)).toBeUndefined();
  });
  it.each([
    'nope',
    Buffer.from('{"k":1,"id":"x"}').toString('base64url'),
    Buffer.from("'; drop table x").toString('base64url'),
    raw('a\u0000b'),
    raw('\uD83D'),
    raw('name \uDE00'),
  ])('refuses %s with a 400', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(AppError);
  });
});

describe('time cursor', () => {
  it.each([
    '0001-01-01T00:00:00.000000Z',
    '2026-02-28T23:59:59.999999Z',
    '2028-02-29T12:00:00.000001Z',
    '9999-12-31T23:59:59.999999Z',
  ])('takes %s, a time PostgreSQL reads', (k) => {
    expect(decodeTimeCursor(raw(k))).toEqual({ k, id: ID });
  });
  it.each([
    '0000-01-01T00:00:00.000000Z',
    '0000-12-31T23:59:59.999999Z',
    '2026-02-29T00:00:00.000000Z',
    '2026-13-01T00:00:00.000000Z',
    '2026-01-01T24:00:00.000000Z',
    '2026-01-01T00:00:00Z',
    '+10000-01-01T00:00:00.000000Z',
    'Ada Lovelace',
  ])('refuses %s with a 400', (k) => {
    expect(() => decodeTimeCursor(raw(k))).toThrow(AppError);
  });
});
