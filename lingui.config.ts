import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { pageSources } from './scripts/page-sources.mjs';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'];
const page = pageSources();

/**
 * Translations (decision 0026, as amended in 0027): English text is each message's id, written in
 * the code as `i18n._('Sign and accept', values)` and found by `lingui extract`; `lingui compile`
 * turns the PO files into the TypeScript modules the code imports (git-ignored, compiled by
 * postinstall, the build, `npm test` and `npm run dev`).
 *
 * Three catalogs, so the client's browser never downloads words it does not show:
 * - page: what the client's page shows (the web app's files the page imports, found by
 *   scripts/page-sources.mjs, and the shared package's), loaded on the page one language at a
 *   time, and by the server's render of it;
 * - app: the owner's screens (the rest of the web app), which load it with the page catalog, in
 *   the app's languages only (APP_LANGUAGE_TAGS);
 * - server: the emails, the PDF's and the certificate's own words; the server loads both.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'sv', 'tr', 'ja', 'zh-CN', 'ko', 'ar', 'he', 'hi'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/page/{locale}',
      include: [...page, '<rootDir>/packages/shared/src'],
      exclude: TESTS,
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/app/{locale}',
      include: ['<rootDir>/apps/web/src'],
      exclude: [...TESTS, ...page],
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/server/{locale}',
      include: ['<rootDir>/apps/server/src'],
      exclude: TESTS,
    },
  ],
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: 'messageId',
});
