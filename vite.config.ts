import react from '@vitejs/plugin-react';
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
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
