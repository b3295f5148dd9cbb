import type { Readable } from 'node:stream';

export interface StagedFile {
  /** Size in bytes, SHA-256 and first bytes of what was received. */
  size: number;
  sha256: string;
  head: Buffer;
  /** Moves the staged file to its permanent key. */
  commit(): Promise<string>;
  discard(): Promise<void>;
}

export interface StoredFile {
  key: string;
  size: number;
  modified: Date;
}

/**
 * One stored file, open: `read` fills `into` with the bytes from `position` on and calls back with how
 * many it read (fewer at the end of the file). A callback, and the caller's buffers reused from read to
 * read, so that sending a file costs as little per chunk as it can (decision 015).
 */
export interface StoredFileReader {
  read(into: Buffer, position: number, done: (error: Error | null, bytesRead: number) => void): void;
  close(): Promise<void>;
}

export interface Removed {
  files: number;
  bytes: number;
}

/** Whether the store takes files now: a disk `full` or `unwritable`, a bucket `unreachable`. */
export type StorageState = 'writable' | 'full' | 'unwritable' | 'unreachable';

export interface Storage {
  /** Streams an upload to a temporary file; nothing is visible under a key until commit(). */
  stage(source: Readable): Promise<StagedFile>;
  /**
   * Opens a stored file for reading at any position; undefined when it is not there. `start` is where
   * the first read will be: a bucket starts sending from there.
   */
  open(key: string, start?: number): Promise<StoredFileReader | undefined>;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
  /** Every file stored under a key. */
  list(): Promise<StoredFile[]>;
  /** Removes the staged files last written before `before`: uploads that a crash interrupted. */
  clearStaged(before: Date): Promise<Removed>;
  check(): Promise<StorageState>;
  /**
   * A link to the file that works without the portal for about a minute, answered with these
   * Content-Disposition and Content-Type (a bucket); absent where files only go through the portal (a disk).
   */
  presign?(key: string, answer: { disposition: string; type: string }): Promise<string>;
  /** The origin of those links, which the reader's page fetches from when it follows a redirect (decision 033). */
  linkOrigin?: string;
}
