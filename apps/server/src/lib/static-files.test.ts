import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, loadStaticFiles } from './static-files';

describe('inlineScriptHashes', () => {
  it('hashes inline scripts for the CSP and skips external ones', () => {
    const inline = "document.documentElement.classList.add('dark')";
    const html = `<head><script>${inline}</script><script type="module" src="/assets/a.js"></script></head>`;
    const expected = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
  });
});

describe('loadStaticFiles', () => {
  it('reads the build to serve it, but not a folder of it meant for the server (the client page’s render)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dw-static-'));
    try {
      mkdirSync(path.join(root, 'assets'));
      mkdirSync(path.join(root, 'ssr'));
      mkdirSync(path.join(root, 'assets', 'ssr'));
      writeFileSync(path.join(root, 'share.html'), '<div id="root"></div>');
      writeFileSync(path.join(root, 'assets/a.js'), 'export {}');
      writeFileSync(path.join(root, 'assets/ssr/b.js'), 'export {}');
      writeFileSync(path.join(root, 'ssr/share-render.mjs'), 'export {}');
      const files = loadStaticFiles(root, { skip: ['ssr'] });
      expect([...files.keys()].sort()).toEqual(['/assets/a.js', '/assets/ssr/b.js', '/share.html']);
      expect(files.get('/assets/a.js')?.immutable).toBe(true);
      expect([...loadStaticFiles(root).keys()]).toContain('/ssr/share-render.mjs');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
