import { type LegacyCollection, monthName, parseMonth } from '@portal/contract';
import type { LegacyRecord } from './context.ts';
import type { LegacyDocument } from './extended-json.ts';
import { baseName, text } from './fields.ts';
import type { Report } from './report.ts';

/** "Kofi Mensah (kofi@example.org)": an account by the name and address its owner gave. */
const personName = (firstName: unknown, lastName: unknown, email: unknown) => {
  const person = [text(firstName), text(lastName)].filter(Boolean).join(' ');
  const address = text(email);
  return person && address ? `${person} (${address})` : person || address;
};

/** "Teevo English March 2024": a legacy file by its edition, as far as it gives one, else by its file name. */
function fileName(doc: LegacyDocument) {
  const month = parseMonth(doc.book_month);
  const edition = [text(doc.book_name), text(doc.book_language), month ? monthName(month) : text(doc.book_month)];
  return [...edition, text(doc.book_year)].filter(Boolean).join(' ') || baseName(text(doc.file_path)) || text(doc.name);
}

/** What the report calls a legacy record, so that people find it without its id; downloads are named later. */
function recordName(collection: LegacyCollection, doc: LegacyDocument): string | undefined {
  switch (collection) {
    case 'churches': {
      const [name, country] = [text(doc.name), text(doc.country)];
      return name && country ? `${name} (${country})` : name;
    }
    case 'languages':
      return text(doc.name);
    case 'translations':
      return text(doc.file_path) ? fileName(doc) : text(doc.name);
    case 'accounts':
      return personName(doc.firstName, doc.lastName, doc.email);
    case 'files':
      return fileName(doc);
    case 'transactions':
      return undefined;
  }
}

/** The documents that carry an id of their own; one without, or a repeat of an earlier one, is skipped. */
export function identify(collection: LegacyCollection, documents: LegacyDocument[], report: Report): LegacyRecord[] {
  const seen = new Set<string>();
  const records: LegacyRecord[] = [];
  for (const [index, doc] of documents.entries()) {
    const legacyId = text(doc._id);
    const name = recordName(collection, doc);
    if (!legacyId) report.conflict({ collection, legacyId: `#${index + 1}`, name }, 'The document has no _id.');
    else if (seen.has(legacyId)) report.conflict({ collection, legacyId, name }, 'The _id appears more than once.');
    else {
      seen.add(legacyId);
      records.push({ collection, legacyId, name, doc });
    }
  }
  return records;
}

/** The old portal kept both language names and edition files in `translations`: tell them apart. */
export function splitTranslations(records: LegacyRecord[], report: Report) {
  const languages: LegacyRecord[] = [];
  const files: LegacyRecord[] = [];
  for (const record of records) {
    if (text(record.doc.file_path)) files.push(record);
    else if (text(record.doc.name)) languages.push(record);
    else report.conflict(record, 'Neither a language (no name) nor a file (no file_path).');
  }
  return { languages, files };
}
