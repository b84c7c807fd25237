import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { parse, type Token } from '@messageformat/parser';
import type { Messages } from '@draftwell/shared/i18n/i18n';

const CATALOGS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/shared/src/i18n/catalogs');

/**
 * Every English message of the catalogs (those a client reads, unless named), as written in the
 * code (the compiled catalogs key them by a hash and leave English's plain ones out, so they are
 * read from the PO files).
 */
export async function englishMessages(
  catalogs: readonly string[] = ['page', 'page-later', 'server'],
): Promise<string[]> {
  const po = formatter();
  const ids: string[] = [];
  for (const catalog of catalogs) {
    const filename = path.join(CATALOGS, catalog, 'en.po');
    const parsed = await po.parse(await readFile(filename, 'utf8'), { locale: 'en', sourceLocale: 'en', filename });
    for (const [id, message] of Object.entries(parsed)) if (!message.obsolete) ids.push(message.message ?? id);
  }
  return ids;
}

/** The literal text of an ICU message: its parts between placeholders, plural cases included. */
function literalsOfMessage(message: string): string[] {
  const out: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') out.push(token.value);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { strict: false }));
  return out;
}

/**
 * English's commonest small words: a sentence written in English has some. None is a word in the
 * other 15 languages (unlike "is" and "of" in Dutch, "was" in German, "to" in Polish, "on" in Turkish).
 */
const ENGLISH_WORDS = 'the and your you this that with from have has been are please here which'.split(' ');

/**
 * English the product wrote where it should speak another language (issue 25's done-when), found
 * in a mail, a page or a PDF of a proposal in another language:
 * - the English catalog's own words: each English message's literal parts (its text between
 *   placeholders and markup), a phrase of two words or more anywhere, a single word as a whole
 *   word. A single word the language's own translations also use ("PDF", "Draftwell", "Total" in
 *   Spanish) is not counted; a phrase is, even where a translation copied it.
 * - English's commonest small words ("the", "your"), which catch a sentence that never went
 *   through a catalog. Links and addresses are left out first.
 * What the owner wrote (their proposal's text, names and company, given as `ownText`) is not
 * counted. For an English proposal (`translated: 'english'`), nothing is. `english` is
 * `englishMessages()`; `translated` the language's compiled catalogs.
 */
export function englishLeft(
  text: string,
  catalogs: { english: readonly string[]; translated: readonly Messages[] | 'english' },
  ownText: readonly string[] = [],
): string[] {
  if (catalogs.translated === 'english') return [];
  const flat = (t: string) => t.replace(/\s+/g, ' ');
  let shown = flat(text.replace(/\b(?:https?:\/\/|mailto:)\S+|\S+@\S+/g, ' '));
  // (An empty one would match between every two characters.)
  for (const own of ownText.filter((t) => t.trim() !== '')) shown = shown.replaceAll(own, ' \u0000 ');
  const translated = flat(catalogs.translated.flatMap(literalsOf).join(' \u0000 '));
  const found = new Set<string>();
  for (const word of ENGLISH_WORDS) {
    if (new RegExp(`(?<![\\p{L}\\p{N}'’])${word}(?![\\p{L}\\p{N}'’])`, 'iu').test(shown))
      found.add(`the word “${word}”`);
  }
  for (const literal of catalogs.english.flatMap(literalsOfMessage)) {
    for (const piece of literal.replace(/<\/?\d+\/?>/g, '\n').split(/[\n#]/)) {
      const fragment = flat(piece)
        .trim()
        .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
      const words = fragment.match(/\p{L}+/gu) ?? [];
      if (words.length === 0 || !/[A-Za-z]{3}/.test(fragment)) continue;
      if (words.length === 1) {
        if (fragment.length < 4 || !/^[A-Za-z]+$/.test(fragment)) continue;
        const whole = new RegExp(`(?<![\\p{L}\\p{N}])${fragment}(?![\\p{L}\\p{N}])`, 'u');
        if (whole.test(shown) && !whole.test(translated)) found.add(fragment);
      } else if (fragment.length >= 8 && shown.includes(fragment)) {
        found.add(fragment);
      }
    }
  }
  return [...found].sort();
}

/** The literal text of each message in a compiled catalog (Lingui's compiled form: strings and [name, type, cases]). */
function literalsOf(messages: Messages): string[] {
  const out: string[] = [];
  const walk = (compiled: unknown) => {
    if (typeof compiled === 'string') out.push(compiled);
    else if (Array.isArray(compiled)) {
      for (const part of compiled) {
        if (typeof part === 'string') out.push(part);
        else if (Array.isArray(part) && part[2] && typeof part[2] === 'object') {
          for (const branch of Object.values(part[2] as Record<string, unknown>)) walk(branch);
        }
      }
    }
  };
  for (const compiled of Object.values(messages)) walk(compiled);
  return out;
}
