import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { prerender } from './vite-plugins/prerender.ts';
import { primeThemes } from './vite-plugins/prime-themes.ts';

const api = { '/api': 'http://127.0.0.1:4000' };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    primeThemes(),
    prerender('/src/prerender.tsx'),
    // Every text file also as .br and .gz, which the server sends as they are (decision 017): the app's own at the
    // highest levels, since they change rarely and are fetched by every visitor; PrimeReact's 56 themes (12 MB of
    // CSS) at a Brotli level that takes a second for all of them instead of half a minute, for 20% more bytes.
    compression({ exclude: /(^|\/)themes\// }),
    compression({
      include: /(^|\/)themes\/.*\.css$/,
      algorithms: ['gzip', defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })],
    }),
  ],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle.mjs reads it to measure what each route loads.
    manifest: true,
  },
});
