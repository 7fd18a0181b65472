import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

/**
 * The client: `web/` is the Vite root; the build lands in `dist/client`, which wrangler serves as static
 * assets (SPA fallback to index.html; `/api/*` goes to the worker). Assets get content hashes so they can be
 * cached forever; `web/public/` (service worker, manifest, icons, offline page) is copied as is, unhashed,
 * because those URLs must stay stable.
 */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [preact()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: 'assets',
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    // `vite` alone for styling work: the API comes from `wrangler dev` on 8787.
    proxy: { '/api': { target: 'http://localhost:8787', ws: true } },
  },
});
