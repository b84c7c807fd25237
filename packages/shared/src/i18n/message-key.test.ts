import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { keyCompiledCatalog, messageKey as scriptKey } from '../../../../scripts/catalogs.mjs';
import { messages as english } from './catalogs/page/en';
import { createI18n } from './i18n';
import { messageKey } from './message-key';

const compiled = (messages: Record<string, unknown>, language: string) =>
  keyCompiledCatalog(
    `/*eslint-disable*/export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
    language,
    'test.ts',
  ) as string;
const messagesOf = (source: string) =>
  JSON.parse(JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)![1]!)) as Record<string, unknown>;

describe('catalogs keyed by message (P8)', () => {
  it('has one function in the compile script and in the code', () => {
    for (const id of ['', 'Sign and accept', 'Signed by {name}', 'Ünïcödé — “quoted” 署名', 'x'.repeat(500)]) {
      expect(scriptKey(id)).toBe(messageKey(id));
    }
    expect(messageKey('Sign and accept')).toMatch(/^[0-9a-z]{1,7}$/);
  });

  it('keys each message by its hash, and leaves English’s plain ones out', () => {
    const source = {
      'Sign and accept': ['Sign and accept'],
      'Signed by {name}': ['Signed by ', ['name']],
      'Read <0>the terms</0>': ['Read <0>the terms</0>'],
    };
    expect(messagesOf(compiled(source, 'en'))).toEqual({
      [messageKey('Signed by {name}')]: ['Signed by ', ['name']],
      [messageKey('Read <0>the terms</0>')]: ['Read <0>the terms</0>'],
    });
    const german = { 'Sign and accept': ['Unterschreiben und annehmen'], 'Signed by {name}': ['Von ', ['name']] };
    expect(messagesOf(compiled(german, 'de'))).toEqual({
      [messageKey('Sign and accept')]: ['Unterschreiben und annehmen'],
      [messageKey('Signed by {name}')]: ['Von ', ['name']],
    });
  });

  it('reads the escapes lingui writes that JSON has not (a no-break space as \\xA0)', () => {
    const source = String.raw`export const messages=JSON.parse("{\"Note: {x}\":[\"Remarque\xA0: \",[\"x\"]]}");`;
    expect(messagesOf(keyCompiledCatalog(source, 'fr', 'fr.ts'))).toEqual({
      [messageKey('Note: {x}')]: ['Remarque\u00a0: ', ['x']],
    });
  });

  it('refuses two messages with one key', () => {
    // Two ids whose 32-bit keys collide, found once by a birthday search over "message <n>" (a
    // million hashes: seconds on a busy machine, past the test's timeout, so not searched here).
    const pair = ['message 298308', 'message 1061776'] as const;
    expect(messageKey(pair[0])).toBe(messageKey(pair[1]));
    const clash = { [pair[0]]: ['a'], [pair[1]]: ['b'] };
    expect(() => compiled(clash, 'de')).toThrow(/have one key; reword one/);
  });

  it('reads English’s left-out messages as their text, and the rest through the catalog', () => {
    const en = createI18n('en', english);
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect(en._('Sign and accept')).toBe('Sign and accept');
    expect(en._('Proposal — {sender}', { sender: 'Harbour Studio' })).toBe('Proposal — Harbour Studio');
  });
});
