import type { LegacyCollection } from '@portal/contract';
import type { LegacyRecord } from './context.ts';
import type { LegacyDocument } from './extended-json.ts';
import { text } from './fields.ts';
import type { Report } from './report.ts';

/** The documents that carry an id of their own; one without, or a repeat of an earlier one, is skipped. */
export function identify(collection: LegacyCollection, documents: LegacyDocument[], report: Report): LegacyRecord[] {
  const seen = new Set<string>();
  const records: LegacyRecord[] = [];
  for (const [index, doc] of documents.entries()) {
    const legacyId = text(doc._id);
    if (!legacyId) report.conflict(collection, `#${index + 1}`, 'The document has no _id.');
    else if (seen.has(legacyId)) report.conflict(collection, legacyId, 'The _id appears more than once.');
    else {
      seen.add(legacyId);
      records.push({ collection, legacyId, doc });
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
    else report.conflict(record.collection, record.legacyId, 'Neither a language (no name) nor a file (no file_path).');
  }
  return { languages, files };
}
