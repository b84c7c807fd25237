import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './fingerprint.mjs';

/**
 * The README opens with a contents list of its `##` and `###` sections. A section added, renamed
 * or moved without the list fails here, with the list as it should read.
 */
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (title) =>
  title
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

function headings(text) {
  const found = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^(##|###) (.+)$/.exec(line);
    if (m && m[2] !== 'Contents') found.push({ depth: m[1].length, title: m[2] });
  }
  return found;
}

function contentsList(text) {
  const start = text.indexOf('## Contents\n');
  if (start < 0) return null;
  const body = text.slice(start + '## Contents\n'.length);
  return body
    .slice(0, body.search(/\n## /))
    .split('\n')
    .filter((line) => /^\s*- /.test(line))
    .join('\n');
}

describe('README contents', () => {
  it('lists every section, in order, with working links', () => {
    const expected = headings(readme)
      .map(({ depth, title }) => `${depth === 3 ? '  ' : ''}- [${title.replace(/`/g, '')}](#${anchor(title)})`)
      .join('\n');
    expect(contentsList(readme), 'README.md needs a "## Contents" list that reads:\n' + expected).toBe(expected);
  });
});
