import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { changeLocale, i18n, loadLaterWords, startI18n } from '../lib/i18n/i18n.ts';
import { server } from './server.ts';

// In a browser, fetch, AbortController and DOMException are of one realm, so a cancelled fetch fails with an
// `instanceof DOMException` error. jsdom brings a DOMException of its own while Node's fetch and AbortController
// stay: Node's is put back, so that the code meets the error it meets in a browser.
globalThis.DOMException = AbortSignal.abort().reason.constructor;

// jsdom lays nothing out and scrolls nothing; the reader scrolls a turned page to its top.
Element.prototype.scrollTo ??= () => undefined;

// The English catalogue, both parts: texts are asserted in the words a person reads. Test files share a worker
// (vitest.config.ts): i18next is started once, since starting it again would drop the catalogues it holds.
await (i18n.isInitialized ? changeLocale('en', { remember: false }) : startI18n('en'));
await loadLaterWords();

// Waits for what a screen shows next as long as a test may take: on a busy machine PrimeReact renders slowly.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
