import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './vite-plugins/catalogue-parts.ts';

/**
 * The web app's fast tests (decision 046), apart from vite.config.ts so that none of the build's steps
 * (prerender, critical CSS, compression, the service worker) runs for them: `unit` and `unit-fresh-modules`, the
 * app's code in a DOM (jsdom) with the network answered by MSW; `vite-plugins`, the build's own steps, in Node.
 */
/**
 * Test files that import a module afresh (`vi.resetModules`) to read what it does as it loads: run apart, since
 * the fresh copies would stay in a shared worker's modules for the files after them (decision 058).
 */
const FRESH_MODULES = ['src/lib/session/session-store.test.ts', 'src/lib/layout-settings/layout-settings.test.ts'];

/** The app's code in a DOM (jsdom) with the network answered by MSW, `isolate`d or sharing a worker's jsdom. */
const unitProject = (name: string, include: string[], isolate: boolean) => ({
  // The catalogues' two parts are modules of their own (i18n.ts imports them), as in the build.
  plugins: [react(), catalogueParts()],
  resolve: { alias: { 'virtual:prime-themes': `${import.meta.dirname}/src/testing/prime-themes.ts` } },
  test: {
    name,
    root: import.meta.dirname,
    include,
    exclude: isolate ? [] : FRESH_MODULES,
    environment: 'jsdom',
    pool: 'threads' as const,
    isolate,
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    // A component test drives PrimeReact in jsdom: slow on a busy machine, never a hang.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});

export default defineConfig({
  test: {
    projects: [
      // One jsdom, catalogue and MSW per worker, not per file: a third of the time (decision 058).
      unitProject('unit', ['src/**/*.test.{ts,tsx}'], false),
      unitProject('unit-fresh-modules', FRESH_MODULES, true),
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
