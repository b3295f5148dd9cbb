import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The whole message as it arrived, headers and body. */
  data: string;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** A header's value, unfolded; undefined when the message has none of that name. */
  header(name: string): string | undefined;
}

/** The header block of a message, continuation lines joined to theirs. */
function headersOf(data: string) {
  const block = data.slice(0, data.search(/\r?\n\r?\n/));
  return block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives; `refuse(code)` makes it answer
 * every message with that code until `refuse()` is called without one. Connection errors (a sender killed
 * in the middle of a message resets its connection) are kept in `errors` rather than thrown.
 */
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  const errors: Error[] = [];
  let refusal: number | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal) {
          return callback(Object.assign(new Error('Try again later'), { responseCode: refusal }));
        }
        const data = Buffer.concat(chunks).toString('utf8');
        const headers = headersOf(data);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          at: Date.now(),
          header: (name) =>
            headers
              .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
              ?.slice(name.length + 1)
              .trim(),
        });
        callback();
      });
    },
  });
  server.on('error', (error: Error) => errors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    errors,
    refuse(code?: number) {
      refusal = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
