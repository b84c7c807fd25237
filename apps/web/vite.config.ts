import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { isProtectedRoute, isSharePath } from '../../packages/shared/src/paths.ts';
import { chunkGroups } from './build/chunk-groups.ts';
import { lucideIconImports } from './build/lucide-icon-imports.ts';
import { precompress } from './build/precompress.ts';

const serverPort = Number(process.env.DEV_SERVER_PORT ?? 3000);

/**
 * `npm run dev`: each address gets its entry's page, as the server does in production
 * (apps/server/src/app.ts): a protected screen the app (index.html), a client's link share.html,
 * anything else the public pages (public.html).
 */
function entryPages(): Plugin {
  return {
    name: 'draftwell-entry-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname = '/', query] = (req.url ?? '/').split('?');
        const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
        if (wantsPage && !path.extname(pathname) && !/^\/(api|realtime|healthz|@|src|node_modules)/.test(pathname)) {
          const page = isProtectedRoute(pathname) ? 'index' : isSharePath(pathname) ? 'share' : 'public';
          req.url = `/${page}.html${query ? `?${query}` : ''}`;
        }
        next();
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), entryPages(), lucideIconImports(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Which chunks each screen needs: scripts/build.mjs turns it into the protected screens'
    // modulepreload links (screen-preloads.json), then deletes it.
    manifest: !isSsrBuild,
    // Above this a chunk is worth a look. The one larger chunk is the API reference's viewer
    // (Swagger UI, about 1.5 MB, 430 kB gzipped), fetched only on /developers.
    chunkSizeWarningLimit: 1600,
    // No modulepreload polyfill (1.1 kB gzipped in every entry, P8): every browser the build targets
    // but Safari before 17 preloads modules itself, and there a preload only comes later, never fails.
    modulePreload: { polyfill: false },
    // The app (protected screens), the public pages on their own (public.html, prerendered by
    // scripts/build.mjs) and the client's page on its own (the server answers /p/:token with share.html).
    // The prerender's build (scripts/build.mjs, `build.ssr`) names its own entry instead.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            public: fileURLToPath(new URL('./public.html', import.meta.url)),
            share: fileURLToPath(new URL('./share.html', import.meta.url)),
          },
          // Small shared modules grouped by part of the site, not one chunk per icon (P8, build/chunk-groups.ts).
          output: { codeSplitting: { groups: chunkGroups() } },
        },
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: `http://localhost:${serverPort}` },
      '/realtime': { target: `ws://localhost:${serverPort}`, ws: true },
      '/healthz': { target: `http://localhost:${serverPort}` },
    },
  },
}));
