import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { primeThemes } from './vite-plugins/prime-themes.ts';

const api = { '/api': 'http://127.0.0.1:4000' };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), primeThemes()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle.mjs reads it to measure what each route loads.
    manifest: true,
  },
});
