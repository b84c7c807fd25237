import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './static-files';

describe('inlineScriptHashes', () => {
  it('hashes inline scripts for the CSP and skips external ones', () => {
    const inline = "document.documentElement.classList.add('dark')";
    const html = `<head><script>${inline}</script><script type="module" src="/assets/a.js"></script></head>`;
    const expected = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
  });
});
