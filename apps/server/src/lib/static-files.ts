import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { supportedLanguage, textDirection, type TLanguage } from '@draftwell/shared/i18n/languages';

export type TStaticFile = {
  body: Buffer;
  gzip: Buffer | null;
  /** The build's own Brotli of the file (`<file>.br` beside it, apps/web/build/precompress.ts), if any. */
  br: Buffer | null;
  type: string;
  etag: string;
  immutable: boolean;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/**
 * The built web app, read once at start: it is small, and answering from memory (gzip
 * precomputed, Brotli from the build) keeps the event loop free of file reads. `skip` names
 * folders of `root` that are not for browsers (the client page's server render): they are neither
 * read nor served. A `<file>.br` is served only as its file's Brotli.
 */
export function loadStaticFiles(root: string, { skip = [] }: { skip?: string[] } = {}): Map<string, TStaticFile> {
  const files = new Map<string, TStaticFile>();
  if (!existsSync(root)) return files;
  const skipped = new Set(skip.map((dir) => path.join(root, dir)));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (!skipped.has(full)) walk(full);
        continue;
      }
      const ext = path.extname(name).toLowerCase();
      if (ext === '.br' && existsSync(full.slice(0, -3))) continue;
      const body = readFileSync(full);
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
      files.set(urlPath, {
        body,
        gzip: COMPRESSIBLE.has(ext) && body.length > 512 ? gzipSync(body, { level: 9 }) : null,
        br: existsSync(`${full}.br`) ? readFileSync(`${full}.br`) : null,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        immutable: urlPath.startsWith('/assets/'),
      });
    }
  };
  walk(root);
  return files;
}

/** An HTML file with its text replaced, its gzip and etag made anew (its build's Brotli dropped). */
function rewritten(file: TStaticFile, html: string): TStaticFile {
  const body = Buffer.from(html, 'utf8');
  return {
    ...file,
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: null,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

/** An HTML file whose `<html lang="en">` says `language` and its direction instead. */
export function withHtmlLanguage(file: TStaticFile, language: TLanguage): TStaticFile {
  const html = file.body.toString('utf8');
  if (language === 'en' || !html.includes('<html lang="en">')) return file;
  return rewritten(
    file,
    html.replace('<html lang="en">', `<html lang="${language}" dir="${textDirection(language)}">`),
  );
}

/** An HTML file with `links` added at the end of its head, its gzip and etag made anew. */
export function withHeadLinks(file: TStaticFile, links: string[]): TStaticFile {
  const html = file.body.toString('utf8');
  const at = html.indexOf('</head>');
  if (at < 0) return file;
  return rewritten(file, `${html.slice(0, at)}${links.join('')}${html.slice(at)}`);
}

/** Hashes of the inline scripts in index.html, for the CSP (the theme script runs before paint). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** Each protected screen's chunks and styles (scripts/screen-preloads.mjs writes the file). */
export type TScreenPreloads = Record<string, { js?: string[]; css?: string[] }>;

const ASSET_URL = /^\/assets\/[\w.-]+\.(js|css)$/;

/** The build's screen-preloads.json, or none when the build has none (or it is not what we wrote). */
export function readScreenPreloads(file: TStaticFile | undefined): TScreenPreloads {
  if (!file) return {};
  try {
    const parsed = JSON.parse(file.body.toString('utf8')) as TScreenPreloads;
    const out: TScreenPreloads = {};
    for (const [route, { js = [], css = [] }] of Object.entries(parsed)) {
      // Only our own asset URLs go into a page's head.
      out[route] = { js: js.filter((u) => ASSET_URL.test(u)), css: css.filter((u) => ASSET_URL.test(u)) };
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The script of each language's page catalog, as the build listed it (page-catalog-scripts.json):
 * only our own asset URLs, only supported languages.
 */
export function readPageCatalogScripts(file: TStaticFile | undefined): Partial<Record<TLanguage, string>> {
  if (!file) return {};
  try {
    const parsed = JSON.parse(file.body.toString('utf8')) as Record<string, unknown>;
    const out: Partial<Record<TLanguage, string>> = {};
    for (const [tag, url] of Object.entries(parsed)) {
      const language = supportedLanguage(tag);
      if (language && typeof url === 'string' && ASSET_URL.test(url)) out[language] = url;
    }
    return out;
  } catch {
    return {};
  }
}
