import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.join(root, 'apps/web/src');

/**
 * The test files under `dirs` (relative to the root) that replace a module (`vi.mock`). The unit
 * and web files share each worker's loaded modules (isolate: false, below), where the module a
 * file replaces may already be loaded, real: these run each in its own module graph instead.
 */
function filesWithModuleMocks(dirs: string[], name: RegExp): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
      .filter((file) => name.test(file) && !file.includes('/node_modules/'))
      .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(root, file), 'utf8'))),
  );
}

const unitTests = ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.mjs'];
const unitMocking = filesWithModuleMocks(
  [...readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}/src`), 'apps/server/src', 'scripts'],
  /\.test\.(ts|mjs)$/,
);
const webTests = ['apps/web/src/**/*.test.{ts,tsx}'];
const webMocking = filesWithModuleMocks(['apps/web/src'], /\.test\.tsx?$/);
const webSetup = {
  // The web app's own import alias (apps/web/vite.config.ts), so its tests import as it does.
  resolve: { alias: { '@': webSrc } },
  test: { environment: 'jsdom', setupFiles: ['apps/web/src/test/setup.ts'] },
} as const;

export default defineConfig({
  test: {
    // One test file more than the cores (Vitest's default is one fewer): the API files wait on
    // servers, databases and mail as much as they compute. On the 2-core machine the API project
    // took about 570 s with one file at a time, 368 s with two and 300 s with three, which kept
    // the cores 95% busy (569 CPU-s in 300 s), every test passing.
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      // The unit and web files share each worker's loaded modules (and for the web, its jsdom)
      // instead of loading them again for each file: on the 2-core machine the unit files took 31 s
      // → 23 s, the web files 50 s → 18 s. A file that replaces a module runs on its own (above);
      // the web's setup.ts starts each file with empty storage and unmounts after each test.
      {
        test: {
          name: 'unit',
          include: unitTests,
          exclude: [...configDefaults.exclude, ...unitMocking],
          environment: 'node',
          isolate: false,
        },
      },
      { test: { name: 'unit (module mocks)', include: unitMocking, environment: 'node' } },
      {
        ...webSetup,
        test: {
          ...webSetup.test,
          name: 'web',
          include: webTests,
          exclude: [...configDefaults.exclude, ...webMocking],
          isolate: false,
        },
      },
      { ...webSetup, test: { ...webSetup.test, name: 'web (module mocks)', include: webMocking } },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The API files share each worker's loaded modules (the server, its libraries, the
          // helpers) instead of loading them again for each file: about 3 s of a core per file.
          // Each file still starts its own servers and databases, and setup.ts releases them.
          isolate: false,
        },
      },
    ],
  },
});
