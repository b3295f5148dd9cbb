import type { Server } from 'node:http';

/** How long the server has had no request when the collection runs. */
export const IDLE_MS = 10_000;

/**
 * V8 hands freed heap pages back to the system only in a collection meant to reduce memory, which it starts
 * on its own only once it sees allocation slow down; a server gone quiet after a burst of requests never
 * shows it, so what the burst took stays taken (decision 018). When `gc` is exposed (scripts/start.ts, as
 * `npm start` runs the server, exposes it), such a collection runs IDLE_MS after the start and after each
 * spell of requests, never while requests keep coming.
 */
export function collectWhenIdle(server: Server, gc = globalThis.gc): void {
  if (!gc) return;
  const timer = setTimeout(() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }), IDLE_MS);
  timer.unref();
  // A timer that has fired starts again when refreshed.
  server.on('request', () => timer.refresh());
}
