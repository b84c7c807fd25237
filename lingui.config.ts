import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { pageSources, publicSources } from './scripts/page-sources.mjs';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'];
const page = pageSources();
const pageFiles = [...page.first, ...page.later];
// /verify's own parts: read by clients too, so in all sixteen languages, apart from the public pages.
const VERIFY = ['<rootDir>/apps/web/src/features/verify', '<rootDir>/apps/web/src/app/routes/share/verify.tsx'];
const isVerify = (file: string) => /apps\/web\/src\/(features\/verify\/|app\/routes\/share\/verify\.tsx$)/.test(file);
const publicFiles = publicSources().filter((file) => !pageFiles.includes(file) && !isVerify(file));
// The words a new account's documents start with: the starter templates, the example sections and
// the built-in drafter's phrasebooks, in the proposal's language (the app's six).
const CONTENT = ['<rootDir>/packages/shared/src/templates', '<rootDir>/apps/server/src/drafting/builtin-phrasebooks.ts'];

/**
 * Translations (decision 0026, as amended in 0027): English text is each message's id, written in
 * the code as `i18n._('Sign and accept', values)` and found by `lingui extract`; `lingui compile`
 * turns the PO files into the TypeScript modules the code imports (git-ignored, compiled by
 * postinstall, the build, `npm test` and `npm run dev`).
 *
 * Seven catalogs, so no browser downloads words it does not show:
 * - page: what the client's page shows on its first load (the web app's and the shared package's
 *   files it runs, found by scripts/page-sources.mjs), loaded one language at a time;
 * - page-later: what the page's parts loaded later show (the sign form, payment, the certificate…),
 *   loaded with them, and the shared package's other messages;
 * - public: the public pages' (the web app's files public-main.tsx and the prerender import that
 *   the client's page does not), in the app's languages only (APP_LANGUAGE_TAGS): the public
 *   pages read its English, the app its language;
 * - verify: /verify's form and result (the public pages' one that clients read), in all sixteen;
 * - app: the owner's screens (the rest of the web app), which load it with the three above, in the
 *   app's languages only;
 * - server: the emails, the PDF's and the certificate's own words; the server loads all but app;
 * - content: the starter templates', example sections' and built-in drafter's words, which the
 *   server writes into a new document in its language (the app's six; English for the others).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'sv', 'tr', 'ja', 'zh-CN', 'ko', 'ar', 'he', 'hi'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/page/{locale}',
      include: page.first,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/page-later/{locale}',
      include: [...page.later, '<rootDir>/packages/shared/src'],
      exclude: [...TESTS, ...page.first, ...CONTENT],
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/public/{locale}',
      include: publicFiles,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/verify/{locale}',
      include: VERIFY,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/app/{locale}',
      include: ['<rootDir>/apps/web/src'],
      exclude: [...TESTS, ...pageFiles, ...publicFiles, ...VERIFY],
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/server/{locale}',
      include: ['<rootDir>/apps/server/src'],
      exclude: [...TESTS, ...CONTENT],
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/content/{locale}',
      include: CONTENT,
      exclude: TESTS,
    },
  ],
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: 'messageId',
});
