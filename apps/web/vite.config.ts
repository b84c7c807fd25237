import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const serverPort = Number(process.env.DEV_SERVER_PORT ?? 3000);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // The app, and the client's page on its own (the server answers /p/:token with share.html).
    // The prerender's build (scripts/build.mjs, `build.ssr`) names its own entry instead.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            share: fileURLToPath(new URL('./share.html', import.meta.url)),
          },
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
