import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Two pages, two bundles: the customer's (index.html) and the office's (office/index.html). No
    // office code reaches a customer's browser; scripts/check-bundle.ts checks it.
    rollupOptions: {
      input: {
        customer: fileURLToPath(new URL('web/index.html', import.meta.url)),
        office: fileURLToPath(new URL('web/office/index.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
