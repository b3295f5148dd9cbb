import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';

/** s3rver's own keys: it checks signatures, so the portal signs its requests as with any store. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

declare module 'vitest' {
  interface ProvidedContext {
    /** Set in the `bucket` project (vitest.config.ts): the S3-compatible server its portals store files in. */
    bucketEndpoint: string | undefined;
  }
}

/**
 * An S3-compatible server on loopback, its objects in a temporary folder, in a process of its own
 * (test/bucket-server.ts): an error inside s3rver can not stop the tests' own process.
 */
export async function startBucketServer(): Promise<{
  endpoint: string;
  process: ChildProcess;
  close(): Promise<void>;
}> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bucket-server.ts')], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const endpoint = await Promise.race([
    once(child, 'message').then(([message]) => message as string),
    exited.then(([code]) => Promise.reject(new Error(`the S3 test server stopped at start (exit code ${code})`))),
  ]);
  return {
    endpoint,
    process: child,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A new, empty bucket on the server, and the settings that store a portal's files in it. */
export async function newBucket(endpoint: string): Promise<Record<string, string>> {
  const bucket = `portal-${randomBytes(6).toString('hex')}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/**
 * In the `bucket` project, a new bucket's settings; elsewhere none (the files go to DATA_DIR), as outside Vitest,
 * where the benches build test apps and `inject` would throw.
 */
export const storageUnderTest = async (): Promise<Record<string, string>> => {
  const endpoint = process.env.VITEST ? inject('bucketEndpoint') : undefined;
  return endpoint ? newBucket(endpoint) : {};
};
