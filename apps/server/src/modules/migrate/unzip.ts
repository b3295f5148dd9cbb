import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import {
  MAX_MIGRATION_FILE_BYTES,
  MAX_MIGRATION_UNZIPPED_BYTES,
  MIGRATION_MESSAGES,
  migrationFileTooLargeMessage,
} from '@portal/contract';
import { Unzip, UnzipInflate } from 'fflate';
import { BadRequest, HttpError } from '../../errors.ts';

const ZIP_SIGNATURES = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];
const END_SIGNATURE = 0x06054b50;
/** The end record's own bytes; a comment of up to 65,535 bytes may follow them. */
const END_RECORD_BYTES = 22;
/** What the end record says of a zip of 65,535 entries or more: the count is in the Zip64 record. */
const ZIP64_COUNT = 0xffff;

interface Chunk {
  name: string;
  data: Uint8Array;
  final: boolean;
}

/**
 * How many entries the zip's end record counts, or undefined when the file does not end with one: a zip
 * cut short (a download or copy that stopped) ends anywhere else.
 */
async function entriesInEndRecord(zipFile: string): Promise<number | undefined> {
  const file = await open(zipFile);
  try {
    const { size } = await file.stat();
    const tail = Buffer.alloc(Math.min(size, END_RECORD_BYTES + 65_535));
    await file.read(tail, 0, tail.length, size - tail.length);
    for (let at = tail.length - END_RECORD_BYTES; at >= 0; at -= 1) {
      const ends = at + END_RECORD_BYTES + tail.readUInt16LE(at + 20) === tail.length;
      if (tail.readUInt32LE(at) === END_SIGNATURE && ends) return tail.readUInt16LE(at + 10);
    }
    return undefined;
  } finally {
    await file.close();
  }
}

/**
 * Unpacks a zip into a folder entry by entry, a chunk at a time, so neither the archive nor its
 * files are ever held in memory whole. `nameOf` gives the name an entry is written under, or
 * undefined to skip it.
 */
export async function unzipInto(zipFile: string, folder: string, nameOf: (entry: string) => string | undefined) {
  // fflate reads the entries one after the other and stops quietly where the file does: a zip cut short
  // is refused before anything is unpacked, and one whose entries are not all found after.
  const recorded = await entriesInEndRecord(zipFile);
  if (recorded === undefined) throw new BadRequest(MIGRATION_MESSAGES.badZip);
  let entries = 0;
  const chunks: Chunk[] = [];
  let failure: HttpError | undefined;
  let unpacked = 0;
  // Counted as fflate inflates: past a limit nothing more is kept, and reading stops after the current chunk.
  const unzip = new Unzip((entry) => {
    entries += 1;
    const name = nameOf(entry.name);
    if (!name) return;
    let size = 0;
    entry.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = new BadRequest(MIGRATION_MESSAGES.badZip);
        return;
      }
      size += data.length;
      unpacked += data.length;
      if (size > MAX_MIGRATION_FILE_BYTES) failure = new HttpError(413, migrationFileTooLargeMessage(name));
      else if (unpacked > MAX_MIGRATION_UNZIPPED_BYTES) failure = new HttpError(413, MIGRATION_MESSAGES.zipTooLarge);
      else chunks.push({ name, data, final });
    };
    entry.start();
  });
  unzip.register(UnzipInflate);

  const handles = new Map<string, FileHandle>();
  // fflate decompresses synchronously inside push(): write out what it produced before reading on.
  const writeOut = async () => {
    if (failure) throw failure;
    for (const { name, data, final } of chunks.splice(0)) {
      let file = handles.get(name);
      if (!file) {
        file = await open(path.join(folder, name), 'w');
        handles.set(name, file);
      }
      await file.write(data);
      if (final) {
        handles.delete(name);
        await file.close();
      }
    }
  };
  const push = (data: Uint8Array, final: boolean) => {
    try {
      unzip.push(data, final);
    } catch {
      throw new BadRequest(MIGRATION_MESSAGES.badZip);
    }
  };

  let first = true;
  try {
    for await (const data of createReadStream(zipFile)) {
      // A zip starts with a local file header, or with the end record when it is empty.
      if (first && !ZIP_SIGNATURES.some((signature) => signature.equals((data as Buffer).subarray(0, 4)))) {
        throw new BadRequest(MIGRATION_MESSAGES.badZip);
      }
      first = false;
      push(data as Buffer, false);
      await writeOut();
    }
    push(new Uint8Array(0), true);
    await writeOut();
    if (recorded !== ZIP64_COUNT && entries !== recorded) throw new BadRequest(MIGRATION_MESSAGES.badZip);
  } finally {
    await Promise.all([...handles.values()].map((file) => file.close()));
  }
}
