import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  LEGACY_COLLECTIONS,
  type LegacyCollection,
  MAX_MIGRATION_FILE_BYTES,
  MIGRATION_MESSAGES,
  migrationFileTooLargeMessage,
} from '@portal/contract';
import { BadRequest, HttpError } from '../../errors.ts';
import { type LegacyDocument, parseCollection } from './extended-json.ts';

export interface LegacyExport {
  documents: Record<LegacyCollection, LegacyDocument[]>;
  /** .json files that are read by nobody, with the reason. */
  ignored: { file: string; reason: string }[];
}

/** mongoexport names each file after its collection; the accounts boilerplate's collection is sometimes `users`. */
const collectionOfFile: Record<string, LegacyCollection> = {
  ...Object.fromEntries(LEGACY_COLLECTIONS.map((name) => [`${name}.json`, name])),
  'users.json': 'accounts',
};

const ignoredFiles: Record<string, string> = {
  'refreshtokens.json': 'Refresh tokens are not carried over: everyone signs in again on the new portal.',
};

/** Reads every collection file of an export folder (other files, such as PDFs, are left to others). */
export async function readExport(folder: string): Promise<LegacyExport> {
  const documents = Object.fromEntries(
    LEGACY_COLLECTIONS.map((name) => [name, [] as LegacyDocument[]]),
  ) as LegacyExport['documents'];
  const ignored: LegacyExport['ignored'] = [];
  let found = false;
  const names = (await readdir(folder)).filter((name) => name.toLowerCase().endsWith('.json')).sort();
  for (const name of names) {
    const collection = collectionOfFile[name.toLowerCase()];
    if (!collection) {
      ignored.push({
        file: name,
        reason: ignoredFiles[name.toLowerCase()] ?? 'Not a collection of the legacy portal.',
      });
      continue;
    }
    found = true;
    const file = path.join(folder, name);
    if ((await stat(file)).size > MAX_MIGRATION_FILE_BYTES) {
      throw new HttpError(413, migrationFileTooLargeMessage(name));
    }
    documents[collection].push(...parseCollection(await readFile(file, 'utf8'), name));
  }
  if (!found) throw new BadRequest(MIGRATION_MESSAGES.noCollections);
  return { documents, ignored };
}
