import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const webSrc = 'apps/web/src';
const foldersOf = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/*
 * The web app's dependency graph points one way: app/ (routes, layouts, screens that combine
 * features) -> features/<name>/ -> shared code (components/, lib/, config/ and any other folder
 * of src/). A feature imports no other feature and not app/; shared code imports neither. Two
 * features that import each other grow into one tangle where nothing can be changed, tested or
 * code-split alone (the client's page, share.html, must not drag the app shell in). What two
 * features need goes down to lib/ or components/; a screen that needs several is composed in app/.
 * The paths are resolved (aliases and relative imports alike), and the lists are read from the
 * folders, so a new feature or shared folder is covered without editing this.
 */
const webFeatures = foldersOf(`${webSrc}/features`);
const webShared = foldersOf(webSrc).filter((name) => name !== 'features' && name !== 'app');
const webBoundaries = [
  ...webFeatures.map((name) => ({
    target: `./${webSrc}/features/${name}`,
    from: `./${webSrc}/features`,
    except: [`./${name}`],
    message: `features/${name} may not import another feature: move what both need to lib/ or components/, or compose them in app/.`,
  })),
  {
    target: `./${webSrc}/features`,
    from: `./${webSrc}/app`,
    message: 'A feature may not import app/: app/ composes features, not the other way round.',
  },
  {
    target: webShared.map((name) => `./${webSrc}/${name}`),
    from: [`./${webSrc}/features`, `./${webSrc}/app`],
    message: 'Shared code (components/, lib/, config/…) may not import a feature or app/: pass what it needs in.',
  },
];

/*
 * The server's graph points one way too (issue 26): the composition root (server.ts, app.ts,
 * deps.ts, index.ts, admin.ts) -> modules/<name>/ (routes, service, jobs, queries of one concern)
 * -> infrastructure (http/, db/, lib/, mail/, storage/, realtime/, pdf/, auth.ts, env.ts).
 * Infrastructure names no module and not the root, not even a type: a module that must act on
 * sign-up, or be reached from a request, is handed in at the root (server.ts). A module may use
 * another module's service (one way: the cycle rule below), never the root.
 */
const serverSrc = 'apps/server/src';
const serverInfrastructure = [...foldersOf(serverSrc).filter((name) => name !== 'modules'), 'auth.ts', 'env.ts'];
const serverRoot = [
  'server.ts',
  'app.ts',
  'deps.ts',
  'index.ts',
  'admin.ts',
  'app-type.ts',
  'web-pages.ts',
  'api-guards.ts',
];
const serverBoundaries = [
  {
    target: serverInfrastructure.map((name) => `./${serverSrc}/${name}`),
    from: [`./${serverSrc}/modules`, ...serverRoot.map((name) => `./${serverSrc}/${name}`)],
    message:
      'Infrastructure (http/, db/, lib/, mail/, storage/, realtime/, pdf/, auth.ts) may not import a module or the composition root: take what it needs as a parameter or a hook, handed in by server.ts.',
  },
  {
    target: `./${serverSrc}/modules`,
    from: serverRoot.filter((name) => name !== 'deps.ts').map((name) => `./${serverSrc}/${name}`),
    message: 'A module may not import the composition root (server.ts, app.ts): it is handed what it needs.',
  },
];

/*
 * No import cycles in the server, the web app or the shared package, type-only imports and
 * lazy `import()` counted: a cycle is two files that cannot be understood, tested or split apart.
 */
/** What import-x needs to read a TypeScript file's imports itself (no-cycle follows them). */
const importTsSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};
const cycleRule = [
  'error',
  { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false, countTypeImports: true },
];

/*
 * Dates, times, numbers, percentages and money are written by one module (issue 25, part 6), with
 * the locale always passed in and the formatters cached: an `Intl.*` formatter or a
 * `toLocale*String` anywhere else would bring back the browser's own locale or a hard-coded one.
 * Tests, their fakes and the benchmarks may build their own to check against.
 */
const displayModule = 'packages/shared/src/i18n/format.ts';
const displayMessage = `Dates, numbers and money are written by ${displayModule} (@draftwell/shared/i18n/format): use its functions, with the locale.`;
const intlFormatters =
  'NumberFormat|DateTimeFormat|RelativeTimeFormat|PluralRules|ListFormat|DisplayNames|DurationFormat';
const displayRules = [
  {
    selector: `NewExpression[callee.object.name='Intl'][callee.property.name=/^(${intlFormatters})$/]`,
    message: displayMessage,
  },
  {
    selector: `CallExpression[callee.object.name='Intl'][callee.property.name=/^(${intlFormatters})$/]`,
    message: displayMessage,
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: displayMessage,
  },
];
const processEnvRule = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Only env.ts reads process.env.',
};
const testFiles = ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'e2e/**', 'bench/**'];

/*
 * Every word a person reads goes through the catalogs (issue 25 part 7): Lingui's rule finds text
 * in JSX, attributes and strings that no `i18n._(…)` or `<Trans>` carries, in the whole web app.
 * What it lets through: class lists, single lowercase words (keys, tokens), UPPERCASE constants,
 * and attributes that are never shown.
 */
const unlocalizedRule = [
  'error',
  {
    ignore: [
      '^(?![A-Z])\\S+$',
      '^[A-Z0-9_-]+$',
      '^[^A-Za-z]*$',
      // A Tailwind class list.
      '^[a-z0-9!:/@*&>~+=\\[\\]()._%#,-]+( [a-z0-9!:/@*&>~+=\\[\\]()._%#,-]+)*$',
    ],
    ignoreNames: [
      {
        regex: {
          pattern:
            '(className|classes|tone)$|^(id|key|type|role|href|to|src|name|variant|size|mode|method|rel|target|lang|dir|inputMode|autoComplete|accept|side|align|htmlFor|form|as|queryKey|path|pattern|testId|data-.*|aria-(controls|describedby|labelledby|live|haspopup|current))$',
          flags: 'i',
        },
      },
      { regex: { pattern: '^[A-Z0-9_]+$' } },
    ],
    ignoreFunctions: [
      'cn',
      'cva',
      'console.*',
      'Error',
      '*.includes',
      '*.startsWith',
      '*.endsWith',
      'i18n._',
      '*.i18n._',
      '*.get',
      '*.set',
      '*.has',
      '*.delete',
      '*.append',
      'fetch',
      'postJson',
      'URL',
      'URLSearchParams',
      'document.*',
      'localStorage.*',
      'sessionStorage.*',
      '*.querySelector',
      '*.querySelectorAll',
      '*.closest',
      '*.addEventListener',
      '*.removeEventListener',
      'matchMedia',
      '*.matchMedia',
      'useSearchParams',
      'setParams',
      'preloadable',
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'apps/server/src/db/migrations/**',
      'packages/shared/src/i18n/catalogs/*/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    settings: {
      ...importTsSettings,
      // Resolves `@/…` through the web app's tsconfig paths, as tsc and Vite do.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: path.join(root, 'apps/web/tsconfig.json') },
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webBoundaries }],
      'import-x/no-cycle': cycleRule,
      // Import boundaries: the web app may only import the server's API type.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@draftwell/server/*', '!@draftwell/server/app-type'],
              message: 'The web app may import only the server API type (@draftwell/server/app-type).',
            },
            {
              group: ['**/server/src/**'],
              message: 'The web app may import only the server API type (@draftwell/server/app-type).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importTsSettings,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': cycleRule },
  },
  {
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverBoundaries }] },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['node:*', 'react', 'react-dom'], message: 'shared is pure code: no Node or DOM APIs.' }],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: [displayModule, ...testFiles],
    rules: { 'no-restricted-syntax': ['error', ...displayRules] },
  },
  {
    // A later block replaces a rule's options: the server's source names both lists, its tests the first.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', processEnvRule, ...displayRules],
    },
  },
  {
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', processEnvRule],
    },
  },
  {
    // Playwright fixtures that need no other fixture take `{}` by design.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/server/src/env.ts'],
    rules: { 'no-restricted-syntax': ['error', ...displayRules] },
  },
  {
    // Known everywhere in the web app (so a file may name its rule), on where the words are done.
    files: [`${webSrc}/**/*.{ts,tsx}`],
    plugins: { lingui },
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: { 'lingui/no-unlocalized-strings': unlocalizedRule },
  },
);
