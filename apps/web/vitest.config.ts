import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './vite-plugins/catalogue-parts.ts';

/**
 * The web app's fast tests (decision 046), apart from vite.config.ts so that none of the build's steps
 * (prerender, critical CSS, compression, the service worker) runs for them: `unit`, the app's code in a DOM
 * (jsdom) with the network answered by MSW; `vite-plugins`, the build's own steps, in Node.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The catalogues' two parts are modules of their own (i18n.ts imports them), as in the build.
        plugins: [react(), catalogueParts()],
        resolve: { alias: { 'virtual:prime-themes': `${import.meta.dirname}/src/testing/prime-themes.ts` } },
        test: {
          name: 'unit',
          root: import.meta.dirname,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup.ts'],
          restoreMocks: true,
          // A component test drives PrimeReact in jsdom: slow on a busy machine, never a hang.
          testTimeout: 15_000,
          unstubGlobals: true,
        },
      },
      { test: { name: 'vite-plugins', root: import.meta.dirname, include: ['vite-plugins/**/*.test.ts'] } },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
      // Decision 046: the shared logic under src/lib is what every screen stands on.
      thresholds: { 'src/lib/**': { lines: 70 } },
      reporter: ['text-summary', 'text'],
    },
  },
});
