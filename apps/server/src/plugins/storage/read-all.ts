import type { StoredFileReader } from './types.ts';

/** A stored file's bytes, from its reader, in chunks of a megabyte at most. */
export async function* readAll(reader: StoredFileReader, size: number) {
  let position = 0;
  while (position < size) {
    const into = Buffer.allocUnsafe(Math.min(1024 * 1024, size - position));
    const read = await new Promise<number>((resolve, reject) =>
      reader.read(into, position, (error, bytes) => (error ? reject(error) : resolve(bytes))),
    );
    if (read === 0) break;
    position += read;
    yield into.subarray(0, read);
  }
}
