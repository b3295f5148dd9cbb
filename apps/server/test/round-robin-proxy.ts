import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer for tests: each request goes to the next of `upstreams` in turn, and its answer says
 * which one took it (X-Upstream: its index), so a test knows which instance answered.
 */
export async function roundRobinProxy(upstreams: number[]) {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: upstreams[index],
        method: incoming.method,
        path: incoming.url,
        // A client's own X-Forwarded-For is kept: tests speak for several client addresses through it.
        headers: { 'x-forwarded-for': incoming.socket.remoteAddress, ...incoming.headers },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
