import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createFolderStorage } from './folder.ts';
import type { Storage } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** The store the configuration names: DATA_DIR/files, or a bucket (its SDK loaded only then). */
export async function openStorage(config: Pick<Config, 'dataDir' | 'storage'>): Promise<Storage> {
  if (config.storage.kind === 's3') {
    const { createBucketStorage } = await import('./bucket.ts');
    return await createBucketStorage(config.storage);
  }
  const root = path.join(config.dataDir, 'files');
  await mkdir(root, { recursive: true });
  return createFolderStorage(root);
}

export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    app.decorate('storage', await openStorage(config));
  },
  { name: 'storage' },
);
