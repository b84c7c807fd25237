import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Translations (decision 0026, as amended in 0027): English text is each message's id, written in
 * the code as `i18n._('Sign and accept', values)` and found by `lingui extract`; `lingui compile`
 * turns the PO files into the TypeScript modules the code imports (git-ignored, compiled by
 * postinstall, the build, `npm test` and `npm run dev`).
 *
 * Two catalogs, so the client's browser never downloads the emails' words:
 * - page: what the client's page shows (the web app's code and the shared package's), loaded on
 *   the page one language at a time, and by the server's render of it;
 * - server: the emails, the PDF's and the certificate's own words; the server loads both.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'sv', 'tr', 'ja', 'zh-CN', 'ko', 'ar', 'he', 'hi'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/page/{locale}',
      include: ['<rootDir>/apps/web/src', '<rootDir>/packages/shared/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/server/{locale}',
      include: ['<rootDir>/apps/server/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: 'messageId',
});
