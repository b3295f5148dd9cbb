/// <reference path="./s3rver.d.ts" />
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { inject } from 'vitest';

/** s3rver's own keys: it checks signatures, so the portal signs its requests as with any store. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

declare module 'vitest' {
  interface ProvidedContext {
    /** Set in the `bucket` project (vitest.config.ts): the S3-compatible server its portals store files in. */
    bucketEndpoint: string | undefined;
  }
}

/** An S3-compatible server on loopback, its objects in a temporary folder. */
export async function startBucketServer() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'portal-bucket-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
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

/** In the `bucket` project, a new bucket's settings; elsewhere none (the files go to DATA_DIR). */
export const storageUnderTest = async (): Promise<Record<string, string>> => {
  const endpoint = inject('bucketEndpoint');
  return endpoint ? newBucket(endpoint) : {};
};
