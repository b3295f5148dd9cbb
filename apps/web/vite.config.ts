import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';
import { catalogueParts } from './vite-plugins/catalogue-parts.ts';
import { criticalCss } from './vite-plugins/critical-css.ts';
import { installedAppWords, localeManifests } from './vite-plugins/locale-manifests.ts';
import { prerender } from './vite-plugins/prerender.ts';
import { primeIcons } from './vite-plugins/prime-icons.ts';
import { primeThemes } from './vite-plugins/prime-themes.ts';
import { purgePrimeFlex } from './vite-plugins/purge-primeflex.ts';

/** The light default theme's card and ground colours (lara-light-indigo): the top bar's and the page's. */
const LIGHT_SURFACE = { card: '#ffffff', ground: '#f9fafb' };

/** The installed app (decision 032), with its name and description in each locale's manifest (locale-manifests.ts). */
const manifest = {
  // In English for index.html, the page of every address not prerendered; the app links the reader's language's.
  ...installedAppWords('en'),
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: LIGHT_SURFACE.ground,
  theme_color: LIGHT_SURFACE.card,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} satisfies Partial<ManifestOptions>;

const api = { '/api': 'http://127.0.0.1:4000' };
const themes = primeThemes();

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    catalogueParts(),
    themes,
    primeIcons(),
    purgePrimeFlex(),
    prerender('/src/prerender.tsx'),
    localeManifests(manifest),
    // After the prerender: inlines each page's critical CSS (decision 038).
    criticalCss(() => themes.api.defaultTheme()),
    // Every text file also as .br and .gz, which the server sends as they are (decision 017): the app's own at the
    // highest levels, since they change rarely and are fetched by every visitor; PrimeReact's 56 themes (12 MB of
    // CSS) at a Brotli level that takes a second for all of them instead of half a minute, for 20% more bytes.
    compression({ exclude: /(^|\/)themes\// }),
    compression({
      include: /(^|\/)themes\/.*\.css$/,
      algorithms: ['gzip', defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })],
    }),
    // An installable app whose shell works offline (decision 032); src/lib/pwa registers the worker and offers updates.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // The icons are among the files precached below.
      includeManifestIcons: false,
      manifest,
      workbox: {
        // The app's code, styles, pages and pictures; not the 56 themes (12 MB), nor .br/.gz forms.
        globPatterns: ['**/*.{js,css,html}', '*.svg', 'icons/*.png', 'assets/pdf.worker*.mjs'],
        // The reader's pdf.js worker (1.2 MB, 0.3 MB sent compressed): a saved edition opens offline without it
        // ever having been fetched online.
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        globIgnores: ['themes/**'],
        // A prerendered page is precached under the address the server answers it at: /en/dist, not /en/dist/index.html.
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) => ({ ...entry, url: entry.url.replace(/(.)\/index\.html$/, '$1') })),
            warnings: [],
          }),
        ],
        // The first visit's page is taken over once the worker is installed, not only the next one's, so what it
        // fetches from then on (the pdf.js worker, when an edition is saved) is kept. An update still waits for Reload.
        clientsClaim: true,
        // The daily reminder's push and notification handlers (public/push-worker.js, decision 060).
        importScripts: ['push-worker.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // Nothing under /api is cached here: its answers are personal, and saved editions are kept by the app itself.
        // Workbox copies each urlPattern's source into sw.js, so they name nothing from outside.
        runtimeCaching: [
          {
            // The theme in use and its fonts, from their first load: their folder is named after their version.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/themes/'),
            handler: 'CacheFirst',
            options: { cacheName: 'themes', expiration: { maxEntries: 24 } },
          },
          {
            // Hashed files left out above (the PDF reader's 1.2 MB worker), once used.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 24 } },
          },
        ],
      },
    }),
  ],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
