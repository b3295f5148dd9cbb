import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';
import { Readable } from 'node:stream';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A client of a listening portal that keeps one connection and sends every request on it while it stays
 * open, as a browser does: a request after one the portal left half-read waits on that connection unless
 * the portal closed it.
 */
export function keepAliveClient(address: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  /**
   * The answer, once read to its end. A body the portal stops reading may still be on its way when the
   * answer comes: what is left of it fails to send, which is the client's own affair.
   */
  const send = (
    method: string,
    path: string,
    headers: Record<string, string | number> = {},
    body?: Buffer | Readable,
  ) =>
    new Promise<Answer>((resolve, reject) => {
      let answered = false;
      const sending = request(new URL(path, address), { agent, method, headers }, (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on('error', reject);
      });
      sending.on('error', (error) => {
        if (!answered) reject(error);
      });
      if (body instanceof Readable) body.pipe(sending);
      else sending.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/**
 * What `promise` settles with, or a failure naming `what` when it has not settled after `seconds`: a bound
 * far above the time the answer takes, so that a hang fails the test instead of holding it.
 */
export async function within<T>(seconds: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends a request's head and only `body`, never the rest its Content-Length announces (a client whose upload
 * stalls), on a connection of its own; settles with the answer once the portal has ended the connection.
 */
export function postStalled(address: string, path: string, headers: Record<string, string | number>, body: Buffer) {
  const { hostname, port } = new URL(address);
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\n${lines.join('')}\r\n`);
      socket.write(body);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    // A reset after the answer is the portal closing with some of the body unread.
    socket.on('error', (error) => {
      if (!received) reject(error);
    });
    socket.on('close', () => {
      const [, status = '0'] = /^HTTP\/1\.1 (\d{3})/.exec(received) ?? [];
      resolve({ status: Number(status), body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    });
  });
}
