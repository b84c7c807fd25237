import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileCatalogs } from './catalogs.mjs';
import { failureDigest } from './failure-digest.mjs';
import { buildIsFresh, root } from './fingerprint.mjs';
import { ensurePrerequisites } from './test-prerequisites.mjs';

/**
 * `npm test`: typecheck, lint, formatting, unit + API tests (Vitest), browser tests (Playwright). Every
 * step runs even when an earlier one failed, so one run shows everything; the exit code is
 * non-zero when any step failed.
 */
const steps = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  [
    'format',
    'npx',
    ['prettier', '--check', '--log-level', 'warn', '{apps,packages,e2e,scripts}/**/*.{ts,tsx,mjs,css,html,json}'],
  ],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['browser tests', 'npx', ['playwright', 'test']],
];
const only = process.argv.slice(2);
const missing = ensurePrerequisites();
if (missing) {
  console.error(missing);
  process.exit(1);
}
// Every step reads the compiled translation catalogs.
compileCatalogs();
const selected = (name) => !only.length || only.some((o) => name.includes(o));
const results = [];

/**
 * The browser tests serve the production build, which their web server makes first when it is
 * stale (a fresh clone): about a minute and a half of the CI run. The checks before them are
 * single-threaded, so the build runs beside them on the second core, and is waited for (its
 * output shown) before the tests that need the machine to themselves.
 */
const build = selected('browser tests') && !buildIsFresh() ? startBuild() : null;

function startBuild() {
  const log = path.join(mkdtempSync(path.join(tmpdir(), 'draftwell-build-')), 'build.log');
  const fd = openSync(log, 'w');
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: process.env,
  });
  const done = new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
  return { log, started, done };
}

async function finishBuild() {
  console.log('\n━━ build (beside the checks) ━━');
  const ok = await build.done;
  console.log(readFileSync(build.log, 'utf8').trimEnd());
  results.push({ name: 'build', ok, seconds: (Date.now() - build.started) / 1000 });
}

for (const [name, cmd, args] of steps) {
  if (!selected(name)) continue;
  const needsMachine = name === 'unit and API tests' || name === 'browser tests';
  if (build && needsMachine && !results.some((r) => r.name === 'build')) await finishBuild();
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  results.push({ name, ok: r.status === 0, seconds: (Date.now() - started) / 1000 });
}
console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds.toFixed(1)} s)`);
if (results.some((r) => r.name === 'browser tests' && !r.ok)) {
  const digest = failureDigest(path.join(root, 'playwright-report/results.json'));
  if (digest.length) console.log(`\nFailed browser tests:\n${digest.join('\n')}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
