import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MAX_MIGRATION_UPLOAD_BYTES, MIGRATION_MESSAGES, withoutControlCharacters } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { BadRequest, HttpError, receiving } from '../../errors.ts';
import { baseName } from './fields.ts';
import { unzipInto } from './unzip.ts';

/** The longest file name a disk holds (ext4, APFS, NTFS: 255 bytes); a legacy PDF's name can't be longer. */
const fitsOnDisk = (name: string) => Buffer.byteLength(name) <= 255;

/** The name a file of the export is kept under: its base name, if it is of a kind the import reads. */
function exportFileName(name: string | undefined, extensions: RegExp): string | undefined {
  const base = baseName(name && withoutControlCharacters(name));
  // Hidden files include the "._name" copies macOS puts in zips.
  return base && !base.startsWith('.') && extensions.test(base) ? base : undefined;
}

/**
 * Streams an import's multipart upload into `folder` (.json and .pdf parts as they are, one .zip
 * unpacked) and returns its fields. Nothing is held in memory whole.
 */
export async function receiveExport(request: FastifyRequest, folder: string): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw new BadRequest(MIGRATION_MESSAGES.unsupportedUpload);
  const fields: Record<string, string> = {};
  let files = 0;
  let zipped = false;
  const readParts = async () => {
    for await (const part of request.parts({ limits: { fileSize: MAX_MIGRATION_UPLOAD_BYTES, files: 10_000 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const name = exportFileName(part.filename, /\.(json|pdf|zip)$/i);
      if (!name) throw new BadRequest(MIGRATION_MESSAGES.unsupportedUpload);
      if (!fitsOnDisk(name)) throw new BadRequest(MIGRATION_MESSAGES.nameTooLong);
      const isZip = /\.zip$/i.test(name);
      if (isZip && zipped) throw new BadRequest(MIGRATION_MESSAGES.oneZip);
      const target = path.join(folder, name);
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) throw new HttpError(413, MIGRATION_MESSAGES.uploadTooLarge);
      if (isZip) {
        zipped = true;
        // An entry whose name no disk holds is left out: the report then names its PDF as missing.
        await unzipInto(target, folder, (entry) => {
          const entryName = exportFileName(entry, /\.(json|pdf)$/i);
          return entryName && fitsOnDisk(entryName) ? entryName : undefined;
        });
        await rm(target);
      }
      files += 1;
    }
  };
  await receiving(readParts());
  if (files === 0) throw new BadRequest(MIGRATION_MESSAGES.unsupportedUpload);
  return fields;
}
