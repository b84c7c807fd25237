import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { parse, type Token } from '@messageformat/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_LANGUAGE_TAGS, LANGUAGE_TAGS, type TLanguage } from '@draftwell/shared/i18n/languages';

/**
 * The catalogs are complete (issue 25, part 4): the English catalog holds exactly the messages the
 * code has (as `lingui extract` finds them), and every language's catalog translates each of them
 * with the same placeholders, plural and select variables and markup as the English. The public,
 * app and content catalogs (the owner's screens, and the starter documents) are complete in the
 * app's languages (APP_LANGUAGE_TAGS); the page's, /verify's and the server's in all sixteen.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

type TCatalogs = Awaited<ReturnType<typeof getCatalogs>>;
type TRead = Record<string, Record<string, { translation?: string; obsolete?: boolean }>>;

/** What a message's code must hand it, and the markup it carries: the same in every language. */
function messageShape(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') {
        for (const tag of token.value.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[0].replace(/\s/g, '')}>`);
      } else if (token.type === 'argument') names.add(`{${token.arg}}`);
      else if (token.type === 'function') names.add(`{${token.arg}, ${token.key}}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(`{${token.arg}, ${token.type}}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { strict: false }));
  return [...names].sort();
}

describe('translation catalogs', () => {
  let catalogs: TCatalogs;
  const read = new Map<string, TRead>();
  const collected = new Map<string, string[]>();

  beforeAll(async () => {
    const config = getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts') });
    catalogs = await getCatalogs(config);
    for (const catalog of catalogs) {
      const all = (await catalog.readAll()) as TRead;
      read.set(catalog.path, all);
      collected.set(catalog.path, Object.keys((await catalog.collect()) ?? {}).sort());
    }
  }, 120_000);

  const name = (catalog: TCatalogs[number]) => path.basename(path.dirname(catalog.path));
  const speaks = (catalog: TCatalogs[number], tag: TLanguage) =>
    !['app', 'public', 'content'].includes(name(catalog)) || (APP_LANGUAGE_TAGS as readonly string[]).includes(tag);

  it('has the page (first and later), public, verify, app, server and content catalogs, in every supported language', () => {
    expect(catalogs.map(name)).toEqual(['page', 'page-later', 'public', 'verify', 'app', 'server', 'content']);
    for (const catalog of catalogs) expect([...catalog.locales].sort()).toEqual([...LANGUAGE_TAGS].sort());
  });

  it('holds in English exactly the messages the code has (run `npm run i18n:extract` after changing one)', () => {
    for (const catalog of catalogs) {
      const english = read.get(catalog.path)!.en!;
      const inCatalog = Object.keys(english)
        .filter((id) => !english[id]!.obsolete)
        .sort();
      expect(inCatalog, catalog.path).toEqual(collected.get(catalog.path));
    }
  });

  it.each(LANGUAGE_TAGS.filter((tag) => tag !== 'en'))(
    'translates every message into %s, with its placeholders',
    (tag) => {
      const problems: string[] = [];
      for (const catalog of catalogs.filter((c) => speaks(c, tag))) {
        const messages = read.get(catalog.path)![tag] ?? {};
        for (const id of collected.get(catalog.path)!) {
          const translation = messages[id]?.translation;
          if (!translation?.trim()) {
            problems.push(`missing: ${JSON.stringify(id)}`);
            continue;
          }
          const want = messageShape(id).join(' ');
          let got: string;
          try {
            got = messageShape(translation).join(' ');
          } catch (error) {
            problems.push(`not a valid message: ${JSON.stringify(translation)} (${String(error)})`);
            continue;
          }
          if (got !== want)
            problems.push(`${name(catalog)}: ${JSON.stringify(id)}: ${got || 'no placeholders'} instead of ${want}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
