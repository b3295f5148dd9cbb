import { eq, isNotNull } from 'drizzle-orm';
import { languages } from '../../db/schema.ts';
import { matchLanguageCodes } from '../languages/service.ts';
import type { ImportContext, LegacyRecord } from './context.ts';
import { firstDate, objectIdTime, text } from './fields.ts';
import { type IncomingRow, writeLegacyRows } from './rows.ts';

/** Imports languages (from `languages` and the name-only documents of `translations`); names are unique in any case. */
export async function importLanguages(context: ImportContext, records: LegacyRecord[]) {
  const { tx, report } = context;
  const incoming: IncomingRow<{ name: string }, { createdAt?: Date; updatedAt?: Date }>[] = [];
  for (const record of records) {
    const { collection, legacyId, doc } = record;
    const name = text(doc.name);
    if (!name) {
      report.conflict(record, 'The language has no name.');
      continue;
    }
    const createdAt = firstDate(doc.createdAt, doc.created) ?? objectIdTime(legacyId);
    incoming.push({
      collection,
      legacyId,
      name,
      values: { name },
      insertOnly: { createdAt, updatedAt: firstDate(doc.updatedAt, doc.updated) ?? createdAt },
    });
  }
  const current = await tx
    .select({ id: languages.id, legacyId: languages.legacyId, name: languages.name })
    .from(languages);
  await writeLegacyRows(
    context,
    {
      phase: 'languages',
      noun: 'language',
      unique: {
        key: (language) => language.name.toLowerCase(),
        name: (language) => language.name,
        duplicate: (holder) => `Same name as ${holder}: merged onto it.`,
      },
      insert: (rows) => tx.insert(languages).values(rows),
      update: (id, changes) => tx.update(languages).set(changes).where(eq(languages.id, id)),
    },
    current.map(({ id, legacyId, name }) => ({ id, legacyId, values: { name } })),
    incoming,
  );
  // The legacy portal had no codes: the imported languages get the ones their names match.
  await matchLanguageCodes(tx, isNotNull(languages.legacyId));
}
