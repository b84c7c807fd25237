import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { appSharedSources, pageSources, publicSources } from './scripts/page-sources.mjs';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'];
const page = pageSources();
const pageFiles = [...page.first, ...page.later];
// /verify and the public pages' frame it is shown in (header, footer, theme switch, toasts): read by
// clients too, so in all sixteen languages, apart from the public pages' own words.
const VERIFY = [
  'apps/web/src/features/verify',
  'apps/web/src/app/routes/share/verify.tsx',
  'apps/web/src/app/layouts/public-layout.tsx',
  'apps/web/src/features/theme/components/theme-toggle.tsx',
  'apps/web/src/components/ui/light-toaster.tsx',
  'apps/web/src/components/ui/spinner.tsx',
  'apps/web/src/components/layouts/page-loading.tsx',
  'apps/web/src/components/layouts/logo.tsx',
].map((file) => `<rootDir>/${file}`);
const here = path.dirname(fileURLToPath(import.meta.url));
const isVerify = (file: string) => VERIFY.some((entry) => file.startsWith(entry.replace('<rootDir>', here)));
// Lingui hands `exclude` to glob's `ignore`, where a folder must say `/**` to leave out its files.
const ignored = (entries: string[]) => entries.map((entry) => (/\.[jt]sx?$/.test(entry) ? entry : `${entry}/**`));
const publicFiles = publicSources().filter((file) => !pageFiles.includes(file) && !isVerify(file));
// The shared package's files that only the owner's screens import.
const appShared = appSharedSources().filter((file) => !pageFiles.includes(file) && !publicFiles.includes(file));
// The words a new account's documents start with: the starter templates, the example sections and
// the built-in drafter's phrasebooks, in the proposal's language (the app's six).
const CONTENT = [
  '<rootDir>/packages/shared/src/templates',
  '<rootDir>/apps/server/src/modules/drafting/builtin-phrasebooks.ts',
];

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
 *   loaded with them, and the shared package's messages that neither the public pages nor the
 *   owner's screens alone import (the server's, with the page's);
 * - public: the public pages' (the web app's and shared package's files public-main.tsx and the
 *   prerender import that the client's page does not), in the app's languages only
 *   (APP_LANGUAGE_TAGS), read by the public pages and the app;
 * - verify: /verify's form and result (the public pages' one that clients read), in all sixteen;
 * - app: the owner's screens (the rest of the web app, and the shared files only they import), which
 *   load it with the page's and the public's, in the app's languages only;
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
      exclude: [...TESTS, ...page.first, ...ignored(CONTENT), ...publicFiles, ...appShared],
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
      include: ['<rootDir>/apps/web/src', ...appShared],
      exclude: [...TESTS, ...pageFiles, ...publicFiles, ...ignored(VERIFY)],
    },
    {
      path: '<rootDir>/packages/shared/src/i18n/catalogs/server/{locale}',
      include: ['<rootDir>/apps/server/src'],
      exclude: [...TESTS, ...ignored(CONTENT)],
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
