import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/web/src');

export default defineConfig({
  test: {
    // Two test files at a time even on two cores (Vitest's default is one fewer than the cores):
    // the API files wait on servers, databases and mail as much as they compute, and two at once
    // took the whole run from about 570 s to 350 s on the 2-core CI machine, every test passing.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        // The web app's own import alias (apps/web/vite.config.ts), so its tests import as it does.
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
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
