import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import type { Config } from '../../config.ts';
import { StorageUnreachable } from '../../errors.ts';
import { KEY, newKey } from './keys.ts';
import { measuring } from './measuring.ts';
import type { Removed, Storage, StoredFile, StoredFileReader } from './types.ts';

export type BucketSettings = Extract<Config['storage'], { kind: 's3' }>;

/** Uploads wait here until committed, out of the way of the stored files' keys. */
const STAGED = 'incoming/';
/** Each part of a multipart upload: an upload holds at most two of them in memory at once. */
const PART_BYTES = 8 * 1024 * 1024;
/** How long a presigned link works: long enough to follow the redirect, too short to pass around. */
const LINK_SECONDS = 60;
/**
 * How long the bucket may stay silent on a request (not a byte either way) before it counts as unreachable:
 * a store that works answers within a second. The SDK tries three times, so a stopped or frozen bucket fails
 * an upload or a look-up in about 15 s instead of holding it for ever.
 */
const SILENCE_MS = 5_000;
/** The statuses by which a store says it can't answer now (500 InternalError, 503 SlowDown...). */
const UNAVAILABLE = new Set([500, 502, 503, 504]);

/**
 * The file store in a bucket of any S3-compatible service (AWS S3, MinIO, Garage, Cloudflare R2): what
 * lets several instances share the editions. Keys are the same generated names as on a disk, so a
 * disk's files copy over as they are (files/to-bucket.ts).
 */
export async function createBucketStorage(settings: BucketSettings): Promise<Storage> {
  // Loaded here, not at the top: a portal on a disk never loads the SDK (the bundle keeps it external).
  const [
    {
      AbortMultipartUploadCommand,
      CopyObjectCommand,
      DeleteObjectCommand,
      GetObjectCommand,
      HeadBucketCommand,
      HeadObjectCommand,
      ListMultipartUploadsCommand,
      ListObjectsV2Command,
      S3Client,
      S3ServiceException,
    },
    { Upload },
    { getSignedUrl },
  ] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const failedWith = (error: unknown, ...names: string[]) =>
    error instanceof S3ServiceException && names.includes(error.name);
  const missing = (error: unknown) =>
    failedWith(error, 'NoSuchKey', 'NotFound') ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
  /** No answer from the bucket (refused, reset, silent), or its own word that it can't answer now. */
  const unreachable = (error: unknown) =>
    !(error instanceof S3ServiceException) || UNAVAILABLE.has(error.$metadata.httpStatusCode ?? 0);
  const common = {
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // The newer checksums are AWS's own; MinIO, Garage and older stores refuse or ignore them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  } as const;
  const client = new S3Client({
    ...common,
    requestHandler: { connectionTimeout: SILENCE_MS, socketTimeout: SILENCE_MS },
  });
  // A download reads from the bucket only as fast as its reader takes the bytes, which on a slow line leaves
  // the connection idle for long stretches: its client waits SILENCE_MS for the bucket's answer, then for
  // nothing. Every download streamed from the bucket holds one of its connections while it lasts (the SDK's
  // default is 50).
  const downloads = new S3Client({
    ...common,
    requestHandler: {
      connectionTimeout: SILENCE_MS,
      requestTimeout: SILENCE_MS,
      throwOnRequestTimeout: true,
      httpAgent: { maxSockets: 1000, keepAlive: true },
      httpsAgent: { maxSockets: 1000, keepAlive: true },
    },
  });
  // A bucket that fails, once the SDK's own tries are spent, fails the request with 503 and the storage message.
  for (const each of [client, downloads]) {
    each.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          throw unreachable(error) ? new StorageUnreachable(error) : error;
        }
      },
      { step: 'initialize', name: 'storageUnreachable' },
    );
  }
  const Bucket = settings.bucket;
  // Presigning is worked out here, without asking the bucket.
  const linkOrigin = new URL(await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: 'origin' }))).origin;

  async function listed(Prefix: string) {
    const objects: StoredFile[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (object.Key) {
          objects.push({ key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) });
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return objects;
  }

  /** Multipart uploads never completed: a crash in the middle of one leaves its parts, which cost storage. */
  async function abortUnfinished(before: Date) {
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: STAGED })).catch((error) => {
      // A store that can't list them (s3rver) is left to its lifecycle rule (docs/deploy.md).
      if (failedWith(error, 'NotImplemented')) return { Uploads: [] };
      throw error;
    });
    for (const upload of uploads.Uploads ?? []) {
      if (upload.Key && upload.UploadId && (upload.Initiated ?? new Date(0)) < before) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
      }
    }
  }

  /**
   * What a failed upload left in the bucket: its parts and, had it completed, its staged object. Not awaited:
   * its client is answered first, since a bucket that just failed may take as long again to fail these; what
   * a bucket still down keeps goes at a later start's sweep (decision 006) or by the lifecycle rule.
   */
  const removeFailedUpload = (Key: string, UploadId: string | undefined) =>
    Promise.allSettled([
      UploadId && client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })),
      client.send(new DeleteObjectCommand({ Bucket, Key })),
    ]);

  return {
    async stage(source) {
      const staged = `${STAGED}${randomUUID()}`;
      const measure = measuring();
      const body = pipeline(source, measure.stream, () => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key: staged, Body: body, ContentType: 'application/pdf' },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        // A failure on either side ends both: the client's body is no longer read, the bucket's upload aborted.
        body.destroy();
        void removeFailedUpload(staged, upload.uploadId);
        throw error;
      }
      return {
        ...measure.result(),
        async commit() {
          const key = newKey();
          await client.send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${staged}` }));
          await client.send(new DeleteObjectCommand({ Bucket, Key: staged }));
          return key;
        },
        async discard() {
          await client.send(new DeleteObjectCommand({ Bucket, Key: staged }));
        },
      };
    },
    async open(key, start = 0) {
      let body: AsyncIterator<Buffer> | undefined;
      let destroy = () => {};
      /** Where the next byte of `body` is in the file, and what of its last chunk is not read yet. */
      let at = start;
      let rest: Buffer | undefined;
      const from = async (position: number) => {
        destroy();
        rest = undefined;
        const answer = await downloads.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${position}-` }));
        const stream = answer.Body as Readable;
        body = stream[Symbol.asyncIterator]();
        destroy = () => stream.destroy();
        at = position;
      };
      try {
        await from(start);
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
      const fill = async (into: Buffer, position: number) => {
        // A jump (a second range) asks the bucket again from there; reading on goes on from the same answer.
        if (position !== at) await from(position);
        if (!rest?.length) {
          const next = await (body as AsyncIterator<Buffer>).next();
          if (next.done) return 0;
          rest = next.value;
        }
        const read = rest.copy(into, 0, 0, into.length);
        rest = rest.subarray(read);
        at += read;
        return read;
      };
      const reader: StoredFileReader = {
        read: (into, position, done) => {
          fill(into, position).then(
            (read) => done(null, read),
            (error: Error) => done(error, 0),
          );
        },
        close: async () => destroy(),
      };
      return reader;
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    list: async () => (await listed('')).filter((object) => KEY.test(object.key)),
    async clearStaged(before) {
      const removed: Removed = { files: 0, bytes: 0 };
      for (const object of await listed(STAGED)) {
        if (object.modified >= before) continue;
        await client.send(new DeleteObjectCommand({ Bucket, Key: object.key }));
        removed.files += 1;
        removed.bytes += object.size;
      }
      await abortUnfinished(before);
      return removed;
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return 'writable';
      } catch {
        return 'unreachable';
      }
    },
    linkOrigin,
    presign: (key, answer) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: answer.disposition,
          ResponseContentType: answer.type,
        }),
        { expiresIn: LINK_SECONDS },
      ),
  };
}
