import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const stampFile = path.join(root, 'apps/server/dist/build-stamp.json');

/** What the production build is made from; a change to any of these makes the build stale. */
const INPUTS = [
  'package-lock.json',
  'scripts/build.mjs',
  'apps/web/index.html',
  'apps/web/share.html',
  'apps/web/public.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/public',
  'apps/web/src',
  'apps/server/src',
  'packages/shared/src',
];

function* files(p) {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) {
    for (const name of readdirSync(p).sort()) yield* files(path.join(p, name));
  } else if (!/\.test\.tsx?$/.test(p)) {
    yield p;
  }
}

/** A hash of the build's inputs' contents (not mtimes: a fresh clone has new mtimes). */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function buildIsFresh() {
  if (!existsSync(stampFile) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) return false;
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).fingerprint === sourceFingerprint();
  } catch {
    return false;
  }
}
