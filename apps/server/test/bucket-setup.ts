import type { TestProject } from 'vitest/node';
import { startBucketServer } from './bucket.ts';

/** The `bucket` project's S3-compatible server, one for all its files (each portal has its own bucket). */
export default async function setup(project: TestProject) {
  const server = await startBucketServer();
  project.provide('bucketEndpoint', server.endpoint);
  return () => server.close();
}
