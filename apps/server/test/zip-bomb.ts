import { constants, crc32, deflateRawSync } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

const MEGABYTE = Buffer.alloc(1_048_576, ' ');
/** Deflate's empty final block. */
const LAST_BLOCK = new Uint8Array([3, 0]);

/**
 * A valid zip whose entries unpack to that many megabytes of spaces each, made in milliseconds: one
 * megabyte is deflated once and its flushed block repeated, so 600 MB take about 600 KB.
 */
export function zipBomb(entries: Record<string, number>): Buffer {
  const block = deflateRawSync(MEGABYTE, { finishFlush: constants.Z_FULL_FLUSH });
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  for (const [name, megabytes] of Object.entries(entries)) {
    let crc = 0;
    for (let i = 0; i < megabytes; i += 1) crc = crc32(MEGABYTE, crc);
    const file: ZipInputFile = { filename: name, size: megabytes * MEGABYTE.length, crc, compression: 8 };
    zip.add(file);
    for (let i = 0; i < megabytes; i += 1) file.ondata?.(null, block, false);
    file.ondata?.(null, LAST_BLOCK, true);
  }
  zip.end();
  return Buffer.concat(chunks);
}
