import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

const HEAD_BYTES = 8;

/** A pass-through that measures what crosses it: size, SHA-256 and first bytes, as a staged file tells them. */
export function measuring() {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex'), head }) };
}
