import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { failureDigest } from './failure-digest.mjs';
import { root } from './fingerprint.mjs';
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
const results = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
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
