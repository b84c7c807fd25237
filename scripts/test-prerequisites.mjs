import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isExecutable, testBrowserPath } from './test-browser.mjs';

/**
 * What `npm test` needs from the system besides npm packages: Chromium for the browser tests
 * (never a downloaded browser), poppler-utils to read PDFs back in the PDF tests, openssl for the
 * operator's .p12 and the timestamp server in the seal tests, and curl and jq to run the README's
 * API recipe as written. No test skips when one is missing: the run stops here instead. Missing ones
 * are installed with apt-get when that is possible without asking (root on Debian); otherwise the
 * run stops before any step, with one line saying exactly what to install.
 */
export const PREREQUISITES = [
  {
    what: 'Chromium',
    // The browser tests launch CHROMIUM_PATH, or Debian's Chromium headless shell, or its full
    // Chromium (test-browser.mjs); the headless shell is the one installed.
    pkg: 'chromium-headless-shell',
    found: (env) => isExecutable(testBrowserPath(env)),
    hint: 'or set CHROMIUM_PATH to a Chromium or Chrome binary',
  },
  {
    what: 'poppler-utils (pdftotext, pdfinfo, pdfimages, pdfsig)',
    pkg: 'poppler-utils',
    found: (env) => ['pdftotext', 'pdfinfo', 'pdfimages', 'pdfsig'].every((bin) => onPath(bin, env)),
    hint: null,
  },
  { what: 'openssl', pkg: 'openssl', found: (env) => onPath('openssl', env), hint: null },
  { what: 'curl', pkg: 'curl', found: (env) => onPath('curl', env), hint: null },
  { what: 'jq', pkg: 'jq', found: (env) => onPath('jq', env), hint: null },
];

function onPath(bin, env) {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => dir && isExecutable(path.join(dir, bin)));
}

const runsAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Returns null when everything is there (installing it first where it can), or the one line to
 * print. `env` and `root` are parameters so a test can ask about a machine without them.
 */
export function ensurePrerequisites({ env = process.env, root = runsAsRoot, log = console.log } = {}) {
  let missing = PREREQUISITES.filter((p) => !p.found(env));
  if (missing.length === 0) return null;
  const pkgs = missing.map((p) => p.pkg);
  if (root && onPath('apt-get', env)) {
    log(`Installing what the tests need from Debian: ${pkgs.join(', ')} (apt-get)…`);
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
    const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: aptEnv }).status === 0;
    if (run(['update', '-q']) && run(['install', '-y', '-q', ...pkgs])) {
      missing = missing.filter((p) => !p.found(env));
      if (missing.length === 0) return null;
    }
  }
  const hints = missing.map((p) => p.hint).filter(Boolean);
  return (
    `npm test needs ${listed(missing.map((p) => p.what))}: install ` +
    `${missing.length > 1 ? 'them' : 'it'} with \`sudo apt-get install ${missing.map((p) => p.pkg).join(' ')}\`` +
    (hints.length ? ` (${hints.join('; ')})` : '') +
    ', then run npm test again.'
  );
}

function listed(items) {
  return items.length < 3 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
