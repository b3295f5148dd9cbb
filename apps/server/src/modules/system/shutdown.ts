import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../../logging.ts';

/** How many of the requests a timeout cuts off the log line names (a rush can have thousands). */
const NAMED_MOST = 20;

/**
 * Prepares a graceful close of a listening app: `close()` stops accepting connections, lets the requests
 * in flight finish (downloads included) and settles `'closed'` once the app is closed, or `'cut off'` after
 * `timeoutMs`, having logged what was still running; a second call (a second signal) gets the first's
 * outcome. Call it before the first request, so it sees them all.
 */
export function gracefulClose(app: FastifyInstance, timeoutMs: number) {
  // app.close() waits for every connection to end. A download is a hijacked response, which Fastify no longer
  // follows, so the responses are followed here, on the Node server: to name what a timeout cuts off, and to
  // end each keep-alive connection as soon as its last response is out. server.close() ends only the
  // connections idle at that moment; one whose response ends later would stay open for Fastify's keep-alive
  // timeout (72 s) and hold the close.
  const open = new Set<ServerResponse>();
  let closing: Promise<'closed' | 'cut off'> | undefined;
  app.server.on('request', (_request, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => {
      open.delete(response);
      if (closing) app.server.closeIdleConnections();
    });
  });

  async function closeNow(): Promise<'closed' | 'cut off'> {
    let timer: NodeJS.Timeout | undefined;
    const cutOff = new Promise<'cut off'>((resolve) => {
      timer = setTimeout(() => {
        const requests = [...open].map(({ req }) => `${req.method} ${redactUrl(req.url ?? '')}`);
        app.log.error(
          { inFlight: requests.length, requests: requests.slice(0, NAMED_MOST) },
          `shutdown timeout (${timeoutMs / 1000} s): cutting off the requests still in flight`,
        );
        resolve('cut off');
      }, timeoutMs);
    });
    try {
      return await Promise.race([app.close().then(() => 'closed' as const), cutOff]);
    } finally {
      clearTimeout(timer);
    }
  }
  return () => {
    closing ??= closeNow();
    return closing;
  };
}
