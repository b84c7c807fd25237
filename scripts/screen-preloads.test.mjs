import { describe, expect, it } from 'vitest';
import { pageCatalogScripts, screenPreloads } from './screen-preloads.mjs';

/** A web build's manifest in miniature: the entry, two screens and the editor, sharing chunks. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js', '_ui.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_ui.js': { file: 'assets/ui-1.js', imports: ['_react.js'] },
  '_table.js': { file: 'assets/table-1.js', imports: ['_ui.js'], css: ['assets/table-1.css'] },
  'src/app/routes/app/dashboard.tsx': {
    file: 'assets/dashboard-1.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_table.js', 'index.html'],
  },
  'src/features/editor/document-editor.tsx': {
    file: 'assets/editor-1.js',
    isDynamicEntry: true,
    imports: ['_table.js'],
    css: ['assets/editor-1.css'],
  },
  'src/app/routes/app/profile.tsx': { file: 'assets/profile-1.js', isDynamicEntry: true, imports: ['_ui.js'] },
};

describe('screenPreloads', () => {
  it('lists each screen’s chunks and styles beyond what the app’s entry already loads', () => {
    const out = screenPreloads(manifest, {
      '/dashboard': ['src/app/routes/app/dashboard.tsx'],
      '/edit-draft/:id': ['src/app/routes/app/dashboard.tsx', 'src/features/editor/document-editor.tsx'],
      '/profile': ['src/app/routes/app/profile.tsx'],
    });
    expect(out['/dashboard']).toEqual({
      js: ['/assets/dashboard-1.js', '/assets/table-1.js'],
      css: ['/assets/table-1.css'],
    });
    expect(out['/edit-draft/:id']).toEqual({
      js: ['/assets/dashboard-1.js', '/assets/table-1.js', '/assets/editor-1.js'],
      css: ['/assets/table-1.css', '/assets/editor-1.css'],
    });
    expect(out['/profile']).toEqual({ js: ['/assets/profile-1.js'], css: [] });
  });

  it('fails the build when a screen’s module is not in the build, or is not loaded lazily', () => {
    expect(() => screenPreloads(manifest, { '/x': ['src/app/routes/app/gone.tsx'] })).toThrow(/not in the web build/);
    expect(() => screenPreloads(manifest, { '/x': ['_ui.js'] })).toThrow(/not loaded lazily/);
  });
});

describe('pageCatalogScripts', () => {
  it('names each language’s page catalog chunk, and fails on a build without one', () => {
    expect(
      pageCatalogScripts({
        ...manifest,
        '../../packages/shared/src/i18n/catalogs/page/en.ts': { file: 'assets/en-1.js', isDynamicEntry: true },
        '../../packages/shared/src/i18n/catalogs/page/pt-BR.ts': { file: 'assets/pt-BR-1.js', isDynamicEntry: true },
        '../../packages/shared/src/i18n/catalogs/page-later/de.ts': { file: 'assets/de-2.js', isDynamicEntry: true },
        '../../packages/shared/src/i18n/catalogs/app/de.ts': { file: 'assets/de-3.js', isDynamicEntry: true },
      }),
    ).toEqual({ en: '/assets/en-1.js', 'pt-BR': '/assets/pt-BR-1.js' });
    expect(() => pageCatalogScripts(manifest)).toThrow(/no page catalog/);
  });
});
