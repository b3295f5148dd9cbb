import type { Server } from 'node:http';

/** How long after it starts listening the server hands back what loading it left. */
export const START_MS = 1_000;
/** How long the server has had no request when the collection runs. */
export const IDLE_MS = 10_000;

/**
 * V8 hands freed heap pages back to the system only in a collection meant to reduce memory, which it starts
 * on its own only once it sees allocation slow down; a server gone quiet after a burst of requests never
 * shows it, so what the burst took stays taken (decision 018). When `gc` is exposed (scripts/start.ts, as
 * `npm start` runs the server, exposes it), such a collection runs START_MS after the server starts listening
 * (what loading it left, about 35 MB: not in the way of its first answer) and IDLE_MS after each spell of
 * requests, never while they keep coming.
 */
export function collectWhenIdle(server: Server, gc = globalThis.gc): void {
  if (!gc) return;
  const collect = () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  setTimeout(collect, START_MS).unref();
  let idle: NodeJS.Timeout | undefined;
  server.on('request', () => {
    idle ??= setTimeout(collect, IDLE_MS).unref();
    // A timer that has fired starts again when refreshed.
    idle.refresh();
  });
}
