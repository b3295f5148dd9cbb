/// <reference path="./s3rver.d.ts" />
/**
 * s3rver in a process of its own (started by test/bucket.ts): it sends its address to the parent and stops on
 * SIGTERM or when the parent goes. s3rver can lose a race with itself when an object is deleted while it is
 * still writing it (an interrupted upload's staged copy): its write stream then throws ENOENT outside any
 * request. That error is logged and the server goes on; anything else stops it, and the tests see why.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const directory = await mkdtemp(path.join(os.tmpdir(), 'portal-bucket-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });

process.on('uncaughtException', (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT' && error.path?.startsWith(directory)) {
    console.error(`s3rver: ${error.message} (an object deleted while it was written; the server goes on)`);
    return;
  }
  console.error(error);
  process.exit(1);
});

const { port } = await server.run();
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  await rm(directory, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('disconnect', stop);
process.send?.(`http://127.0.0.1:${port}`);
