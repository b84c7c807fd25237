import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where a worker's code is, for a module that starts `name` as a worker thread from beside itself
 * (`moduleUrl`, its own `import.meta.url`). In the build that module is bundled into
 * apps/server/dist/index.mjs and the worker is dist/<name>.mjs beside it (scripts/bundle-server.mjs
 * emits both). From source (vitest, tsx, the bench) the module is a .ts file: the worker is
 * <name>.ts beside it, bundled on first use (below).
 */
export async function workerEntryUrl(moduleUrl: string, name: string): Promise<URL> {
  if (/\.[cm]?tsx?$/.test(new URL(moduleUrl).pathname))
    return bundleWorkerFromSource(new URL(`./${name}.ts`, moduleUrl));
  return new URL(`./${name}.mjs`, moduleUrl);
}

/**
 * Running from source only (vitest, tsx, the bench). Node 20 cannot start a .ts worker through
 * tsx: tsx installs its loader in worker threads only from Node 22.22. So the worker entry is
 * bundled here with esbuild, as scripts/build.mjs bundles it for dist (same externals), into
 * node_modules/.cache/draftwell, where its bare imports resolve from the repository's
 * node_modules. Named by content hash and written by rename: processes running at once agree.
 */
export async function bundleWorkerFromSource(entry: URL): Promise<URL> {
  const { build } = await import('esbuild');
  const entryPath = fileURLToPath(entry);
  const serverDir = path.resolve(path.dirname(entryPath), '../..');
  const repoRoot = path.resolve(serverDir, '../..');
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@draftwell/'));
  const result = await build({
    entryPoints: [entryPath],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'silent',
    legalComments: 'none',
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const dir = path.join(repoRoot, 'node_modules/.cache/draftwell');
  const file = path.join(dir, `${path.basename(entryPath, path.extname(entryPath))}-${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  }
  return pathToFileURL(file);
}
