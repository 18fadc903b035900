// The admin SPA, served by the server at /nuxt/ (server/src/platform/web/admin.ts). In development `npm run dev -w
// @shop/admin` proxies /api to the server (API_URL, default http://localhost:3000).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/nuxt/',
  plugins: [react()],
  // ra-input-rich-text's tiptap extensions come in mixed patch versions and some need the newest core's
  // helpers: one copy of the editor's core for all of them.
  resolve: { dedupe: ['@tiptap/core', '@tiptap/pm', '@tiptap/react'] },
  // Its own dependency cache: two Vite servers in one process must not share one.
  cacheDir: fileURLToPath(new URL('./node_modules/.vite-admin', import.meta.url)),
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' } },
});
