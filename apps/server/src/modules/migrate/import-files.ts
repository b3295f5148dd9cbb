import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { books, files, languages, type NewFileRecord } from '../../db/schema.ts';
import { selectEditions } from '../editions/edition-view.ts';
import type { ImportContext, LegacyRecord } from './context.ts';
import { type LegacyFile, readLegacyFile } from './legacy-file.ts';
import type { FoundPdf } from './pdfs.ts';
import { batchedInsert, changedValues } from './rows.ts';

/** What a legacy file id means to a download: its edition, and the portal's file of that edition if any. */
export interface LegacyEdition {
  bookName: string;
  languageName: string;
  year: number;
  month: number;
  fileId: string | null;
}

interface EditionValues {
  bookId: string;
  languageId: string;
  year: number;
  month: number;
  originalName: string;
}

interface Occupant {
  id: string;
  legacyId: string | null;
  storageKey: string;
  originalName: string;
}

interface Group {
  key: string;
  values: Omit<EditionValues, 'originalName'>;
  candidates: LegacyFile[];
}

const editionKey = (edition: Omit<EditionValues, 'originalName'>) =>
  `${edition.bookId}/${edition.languageId}/${edition.year}/${edition.month}`;
const newestFirst = (a: LegacyFile, b: LegacyFile) => (b.created?.getTime() ?? 0) - (a.created?.getTime() ?? 0);
/** A file as the report names it: "Teevo Twi January 2024.pdf" of 2024-01-21. */
const described = ({ originalName, created }: { originalName: string; created?: Date | undefined }) =>
  created ? `${originalName} of ${created.toISOString().slice(0, 10)}` : originalName;

/**
 * Imports edition files (from `files` and the `translations` documents with a file_path). An edition
 * keeps one file: of several legacy files the newest whose PDF is at hand (or that was imported
 * before) wins; an edition uploaded on the portal itself is left alone. Returns, for every legacy
 * file id, the edition its downloads count for (undefined: the record names no edition).
 */
export async function importFiles(context: ImportContext, records: LegacyRecord[]) {
  const current = await selectEditions(context.tx);
  const imported = new Map(current.flatMap(({ file }) => (file.legacyId ? [[file.legacyId, file] as const] : [])));
  const occupants = new Map<string, Occupant>(current.map(({ file }) => [editionKey(file), file]));
  const editions = new Map<string, LegacyEdition | undefined>();
  for (const { file, bookName, languageName } of current) {
    if (file.legacyId) {
      editions.set(file.legacyId, { bookName, languageName, year: file.year, month: file.month, fileId: file.id });
    }
  }

  const { groups, named } = await groupByEdition(context, records, editions);
  const inserts = batchedInsert((rows: NewFileRecord[]) => context.tx.insert(files).values(rows));
  let done = 0;
  for (const group of groups) {
    context.progress('files', done, records.length);
    done += group.candidates.length;
    const occupant = await importEdition(context, group, occupants.get(group.key), imported, inserts.add);
    if (occupant) occupants.set(group.key, occupant);
  }
  await inserts.flush();
  context.progress('files', records.length, records.length);

  for (const [legacy, { key, ...names }] of named) {
    const fileId = key ? (occupants.get(key)?.id ?? null) : null;
    editions.set(legacy.legacyId, { ...names, year: legacy.year, month: legacy.month, fileId });
  }
  return editions;
}

async function namesToIds(context: ImportContext, table: typeof books | typeof languages) {
  const rows = await context.tx.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}

/** Reads the records as editions, creating missing books; a file whose language is unknown is skipped. */
async function groupByEdition(
  context: ImportContext,
  records: LegacyRecord[],
  editions: Map<string, LegacyEdition | undefined>,
) {
  const { tx, report } = context;
  const bookByName = await namesToIds(context, books);
  const languageByName = await namesToIds(context, languages);
  const groups = new Map<string, Group>();
  const named = new Map<LegacyFile, { bookName: string; languageName: string; key?: string }>();
  for (const record of records) {
    const legacy = readLegacyFile(record);
    if (typeof legacy === 'string') {
      editions.set(record.legacyId, undefined);
      report.conflict(record, legacy);
      continue;
    }
    let book = bookByName.get(legacy.bookName.toLowerCase());
    if (!book) {
      book = { id: randomUUID(), name: legacy.bookName };
      await tx.insert(books).values(book);
      bookByName.set(book.name.toLowerCase(), book);
      report.note(legacy, `Book "${book.name}" did not exist: created.`);
    }
    const language = languageByName.get(legacy.languageName.toLowerCase());
    if (!language) {
      // Its downloads still count, under the legacy language name.
      named.set(legacy, { bookName: book.name, languageName: legacy.languageName });
      report.conflict(legacy, `Language "${legacy.languageName}" does not exist.`);
      continue;
    }
    const values = { bookId: book.id, languageId: language.id, year: legacy.year, month: legacy.month };
    const key = editionKey(values);
    named.set(legacy, { bookName: book.name, languageName: language.name, key });
    const group = groups.get(key) ?? { key, values, candidates: [] };
    group.candidates.push(legacy);
    groups.set(key, group);
  }
  return { groups: groups.values(), named };
}

/** Gives one edition its file from the legacy candidates; returns the edition's file afterwards. */
async function importEdition(
  context: ImportContext,
  { values, candidates }: Group,
  occupant: Occupant | undefined,
  imported: Map<string, EditionValues & Occupant>,
  insert: (row: NewFileRecord) => Promise<void>,
): Promise<Occupant | undefined> {
  const { tx, report, pdfs, copier } = context;
  if (occupant && !occupant.legacyId) {
    for (const legacy of candidates) {
      report.conflict(legacy, `The edition already has a file uploaded on the portal: ${occupant.originalName}.`);
    }
    return occupant;
  }
  const found = new Map<LegacyFile, FoundPdf | undefined>();
  for (const legacy of candidates) {
    if (!imported.has(legacy.legacyId)) found.set(legacy, await pdfs.find(...legacy.pdfNames));
  }
  const eligible = (legacy: LegacyFile) => imported.has(legacy.legacyId) || found.get(legacy)?.isPdf === true;
  const [winner] = candidates.filter(eligible).sort(newestFirst);
  for (const legacy of candidates) {
    if (legacy === winner) continue;
    if (winner && eligible(legacy)) {
      report.conflict(legacy, `Legacy file ${described(winner)} of the same edition is newer: kept instead.`);
    } else {
      report.missingPdf({
        collection: legacy.collection,
        legacyId: legacy.legacyId,
        name: legacy.pdfNames.find(Boolean) ?? legacy.originalName,
        reason: found.get(legacy) ? 'not a PDF' : 'not found',
      });
    }
  }
  if (!winner) return occupant;

  const wanted = { ...values, originalName: winner.originalName };
  const previous = imported.get(winner.legacyId);
  if (previous) {
    if (occupant && occupant.id !== previous.id) {
      report.conflict(winner, `The edition already has legacy file ${occupant.originalName}.`);
      return occupant;
    }
    const changes = changedValues<EditionValues>(previous, wanted);
    if (changes) await tx.update(files).set(changes).where(eq(files.id, previous.id));
    report.count(winner.collection, changes ? 'updated' : 'unchanged');
    return previous;
  }

  const copied = await copier.copy(found.get(winner) as FoundPdf);
  report.pdfStored();
  report.count(winner.collection, 'created');
  const row = {
    ...wanted,
    ...copied,
    mimeType: 'application/pdf',
    legacyId: winner.legacyId,
    createdAt: winner.created,
  };
  if (!occupant) {
    const id = randomUUID();
    await insert({ id, ...row });
    return { id, ...row };
  }
  // Imported before and since superseded in the old portal: the newer legacy file takes its place.
  await tx.update(files).set(row).where(eq(files.id, occupant.id));
  copier.replaced(occupant.storageKey);
  report.note(winner, `Replaces the older legacy file ${occupant.originalName} of the same edition.`);
  return { ...occupant, ...row };
}
