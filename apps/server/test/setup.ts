import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';
import { releaseTestResources } from './helpers';

/**
 * A console.error during a test fails it (ARCHITECTURE, Tests). Servers started by the helpers
 * echo their error-level logs through console.error, so an unexpected server error fails too.
 */
const reported: string[] = [];
// The API files share a worker's module cache (isolate: false in vitest.config.ts), and this file
// runs again for each of them: it wraps the console's own method, never the last file's wrapper.
const globals = globalThis as { consoleErrorUnwrapped?: typeof console.error };
globals.consoleErrorUnwrapped ??= console.error.bind(console);
const original = globals.consoleErrorUnwrapped;
console.error = (...args: unknown[]) => {
  reported.push(format(...args));
  original(...args);
};

function failOnReportedErrors(when: string) {
  if (reported.length === 0) return;
  const lines = reported.splice(0);
  throw new Error(`console.error was called ${when}:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

afterEach(() => failOnReportedErrors('during the test'));

// Registered first, so it runs after every afterAll of the test file itself.
afterAll(async () => {
  await releaseTestResources();
  failOnReportedErrors('in the hooks of this file');
});
