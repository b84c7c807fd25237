import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const COMPRESSIBLE = /\.(m?js|css|svg)$/;

/**
 * Writes `<file>.br` beside each script, stylesheet and SVG of the browser build: the server sends
 * it to browsers that accept `br` (apps/server/src/lib/static-files.ts), about 13% fewer bytes
 * than its gzip (P8). Made here, not at start: Brotli's best quality takes seconds (P11).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'draftwell-precompress',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const body = await readFile(full);
            if (body.length <= 512) return;
            // Best quality costs seconds a megabyte: above one (only the API reference's viewer, which
            // /developers fetches once drawn) quality 9 is nearly as small at a twentieth of the time.
            const quality = body.length > 1_000_000 ? 9 : 11;
            const params = {
              [constants.BROTLI_PARAM_QUALITY]: quality,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            };
            await writeFile(`${full}.br`, await brotli(body, { params }));
          }),
      );
    },
  };
}
