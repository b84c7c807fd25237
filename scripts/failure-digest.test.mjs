import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureDigest } from './failure-digest.mjs';

const write = (report) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'digest-')), 'results.json');
  writeFileSync(file, JSON.stringify(report));
  return file;
};

const spec = (title, status, results, line = 10) => ({
  title,
  file: 'editor.spec.ts',
  line,
  tests: [{ status, results }],
});

describe('failureDigest', () => {
  it('lists each failed or timed-out test with the first lines of its error, colours stripped', () => {
    const file = write({
      suites: [
        {
          title: 'editor.spec.ts',
          file: 'editor.spec.ts',
          specs: [
            spec('passes', 'expected', [{ status: 'passed', errors: [] }], 5),
            spec('fails', 'unexpected', [
              {
                status: 'failed',
                errors: [{ message: '\u001b[31mError: expect(locator).toHaveText\u001b[39m\nline 2' }],
              },
            ]),
          ],
          suites: [
            {
              title: 'a group',
              file: 'editor.spec.ts',
              specs: [
                spec(
                  'hangs',
                  'unexpected',
                  [{ status: 'timedOut', errors: [{ message: 'Test timeout of 60000ms exceeded.' }] }],
                  20,
                ),
              ],
            },
          ],
        },
      ],
    });
    expect(failureDigest(file)).toEqual([
      '✘ fails (editor.spec.ts:10)',
      '    Error: expect(locator).toHaveText',
      '    line 2',
      '✘ a group › hangs (editor.spec.ts:20)',
      '    Test timeout of 60000ms exceeded.',
    ]);
  });

  it('cuts a long error to its first lines and says how many were left out', () => {
    const message = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const file = write({
      suites: [
        { title: 'x', file: 'x', specs: [spec('fails', 'unexpected', [{ status: 'failed', errors: [{ message }] }])] },
      ],
    });
    const digest = failureDigest(file, { maxLines: 3 });
    expect(digest).toEqual([
      '✘ fails (editor.spec.ts:10)',
      '    line 1',
      '    line 2',
      '    line 3',
      '    … (17 more lines)',
    ]);
  });

  it('is empty when there is no report or nothing failed', () => {
    expect(failureDigest('/nonexistent/results.json')).toEqual([]);
    const file = write({
      suites: [{ title: 'x', file: 'x', specs: [spec('passes', 'expected', [{ status: 'passed' }])] }],
    });
    expect(failureDigest(file)).toEqual([]);
  });
});
