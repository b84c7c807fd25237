import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testBrowserPath } from './test-browser.mjs';
import { ensurePrerequisites } from './test-prerequisites.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'draftwell-prereq-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function executable(name) {
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return file;
}

const check = ensurePrerequisites;

describe('npm test’s system prerequisites', () => {
  it('stops with one line naming what to install when a non-root machine lacks every tool', () => {
    const line = check({ env: { PATH: '', CHROMIUM_PATH: path.join(dir, 'none') }, root: false, log: () => {} });
    expect(line).toBe(
      'npm test needs Chromium, poppler-utils (pdftotext, pdfinfo, pdfimages, pdfsig), openssl, curl and jq: ' +
        'install them with `sudo apt-get install chromium-headless-shell poppler-utils openssl curl jq` ' +
        '(or set CHROMIUM_PATH to a Chromium or Chrome binary), then run npm test again.',
    );
    expect(line).not.toContain('\n');
  });

  it('is satisfied by CHROMIUM_PATH and the other tools on PATH', () => {
    const chromium = executable('my-chrome');
    for (const bin of ['pdftotext', 'pdfinfo', 'pdfimages', 'pdfsig', 'openssl', 'curl', 'jq']) executable(bin);
    expect(check({ env: { PATH: dir, CHROMIUM_PATH: chromium }, root: false, log: () => {} })).toBeNull();
  });

  it('names only what is missing', () => {
    const line = check({ env: { PATH: dir, CHROMIUM_PATH: path.join(dir, 'none') }, root: false, log: () => {} });
    expect(line).toMatch(/^npm test needs Chromium: install it with `sudo apt-get install chromium-headless-shell`/);
  });

  it('drives CHROMIUM_PATH, else the headless shell, else the full Chromium', () => {
    const shell = path.join(dir, 'browsers', 'chromium-headless-shell');
    const full = path.join(dir, 'browsers', 'chromium');
    const candidates = [shell, full];
    expect(testBrowserPath({}, candidates)).toBe(shell); // neither there: the one to install
    mkdirSync(path.dirname(full), { recursive: true });
    executable('browsers/chromium');
    expect(testBrowserPath({}, candidates)).toBe(full);
    executable('browsers/chromium-headless-shell');
    expect(testBrowserPath({}, candidates)).toBe(shell);
    expect(testBrowserPath({ CHROMIUM_PATH: '/opt/chrome' }, candidates)).toBe('/opt/chrome');
  });
});
