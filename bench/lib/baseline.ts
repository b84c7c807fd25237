import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './proc';

/** Another checkout of this repository, at a commit, to run its own bench servers from (`--baseline`). */
export type TBaselineCheckout = {
  root: string;
  ref: string;
  commit: string;
  /** "HEAD~1 (1a2b3c4)". */
  label: string;
  remove(): void;
};

const git = (args: string[], cwd = repoRoot) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    // Read-only questions must not take the index's lock from whoever else is working here.
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
  }).trim();

/** The checkout this bench runs from: "working tree at 1a2b3c4, with uncommitted changes". */
export function describeCurrent(): string {
  const head = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return `working tree at ${head}${dirty ? ', with uncommitted changes' : ''}`;
}

const inside = (file: string, dir: string) => {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/**
 * `to` as a directory of links to the entries of `from` (a node_modules directory), but for the
 * workspace packages: npm links node_modules/@draftwell/shared to ../../packages/shared, and a
 * link to this checkout's node_modules would resolve that to THIS checkout's packages (Node follows
 * links to their real path). Those links are made again here with the same relative target, so
 * they name the other checkout's own packages. Scopes (`@x/`) are directories of links likewise.
 */
function linkModules(from: string, to: string, sourceRoot: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) {
      const link = readlinkSync(source);
      const resolved = path.resolve(from, link);
      const workspacePackage =
        !path.isAbsolute(link) && inside(resolved, sourceRoot) && !resolved.split(path.sep).includes('node_modules');
      symlinkSync(workspacePackage ? link : source, target);
    } else if (entry.isDirectory() && entry.name.startsWith('@')) {
      linkModules(source, target, sourceRoot);
    } else {
      symlinkSync(source, target);
    }
  }
}

/** The node_modules directories npm makes for this repository's workspaces (those that exist here). */
const MODULE_DIRS = [
  'node_modules',
  'apps/server/node_modules',
  'apps/web/node_modules',
  'packages/shared/node_modules',
];

/**
 * A git worktree of `ref` in a temporary directory, ready to run its bench servers: this
 * checkout's installed packages linked in (above; a baseline whose package-lock differs runs on
 * this checkout's packages), and its translation catalogs, git-ignored build outputs, compiled by
 * its own scripts/catalogs.mjs (about a second), or copied from this checkout when it has none.
 * Removed by `remove()`, and at the latest when the bench exits (Ctrl-C included).
 */
export function openBaseline(ref: string): TBaselineCheckout {
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--baseline ${ref}: not a commit of this repository`);
  }
  const label = `${ref} (${commit.slice(0, 7)})`;
  const root = mkdtempSync(path.join(os.tmpdir(), 'draftwell-bench-baseline-'));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    // Git forgets the worktree and deletes its files; the links are deleted, never followed.
    spawnSync('git', ['worktree', 'remove', '--force', root], { cwd: repoRoot, stdio: 'ignore' });
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', remove);
  try {
    git(['worktree', 'add', '--detach', root, commit]);
    for (const dir of MODULE_DIRS) {
      const from = path.join(repoRoot, dir);
      if (existsSync(from) && existsSync(path.dirname(path.join(root, dir)))) {
        linkModules(from, path.join(root, dir), repoRoot);
      }
    }
    if (!existsSync(path.join(root, 'bench/servers/workspace.ts'))) {
      throw new Error(
        `--baseline ${label} has no bench/servers/workspace.ts: the bench cannot run that commit's workspace server; choose a later commit`,
      );
    }
    const compile = path.join(root, 'scripts/catalogs.mjs');
    if (existsSync(compile)) {
      const env = { ...process.env };
      delete env.DRAFTWELL_CATALOGS_COMPILED;
      const result = spawnSync(process.execPath, [compile], { cwd: root, env, encoding: 'utf8' });
      if (result.status !== 0) {
        throw new Error(`--baseline ${label}: its scripts/catalogs.mjs failed:\n${result.stdout}${result.stderr}`);
      }
    } else {
      const compiled = git(['ls-files', '-o', '-i', '--exclude-standard', 'packages'])
        .split('\n')
        .filter((file) => /catalogs\/.*\.ts$/.test(file));
      for (const file of compiled) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        copyFileSync(path.join(repoRoot, file), path.join(root, file));
      }
    }
  } catch (err) {
    remove();
    throw err;
  }
  return { root, ref, commit, label, remove };
}
