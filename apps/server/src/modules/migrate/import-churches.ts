import { MAX_CHURCH_ALLOCATION } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { churches, countries } from '../../db/schema.ts';
import type { ImportContext, LegacyRecord } from './context.ts';
import { firstDate, objectIdTime, text, wholeNumber } from './fields.ts';
import { type IncomingRow, writeLegacyRows } from './rows.ts';

interface ChurchValues {
  name: string;
  country: string;
  allocation: number;
}

/** The unique key of churches: the same name may exist in two countries. */
const churchKey = (country: string, name: string) => `${country}\n${name.toLowerCase()}`;

/** Imports churches; returns legacy id → church id (a merged duplicate stands for the church it was merged onto). */
export async function importChurches(context: ImportContext, records: LegacyRecord[]) {
  const { tx, report } = context;
  // The country list's spelling, so that "ghana" and "Ghana" are one country as in the churches service.
  const listed = new Map(
    (await tx.select({ name: countries.name }).from(countries)).map(({ name }) => [name.toLowerCase(), name]),
  );
  const incoming: IncomingRow<ChurchValues, { createdAt?: Date; updatedAt?: Date }>[] = [];
  for (const record of records) {
    const { collection, legacyId, doc } = record;
    const name = text(doc.name);
    if (!name) {
      report.conflict(record, 'The church has no name.');
      continue;
    }
    const legacyCountry = text(doc.country) ?? '';
    const country = listed.get(legacyCountry.toLowerCase());
    if (!country) {
      report.note(
        record,
        `Country ${JSON.stringify(doc.country) ?? 'missing'}: not in the country list, kept as it is.`,
      );
    }
    const allocation = wholeNumber(doc.allocation);
    const validAllocation = allocation !== undefined && allocation >= 0 && allocation <= MAX_CHURCH_ALLOCATION;
    if (!validAllocation) {
      report.note(
        record,
        `Allocation ${JSON.stringify(doc.allocation) ?? 'missing'}: not a whole number from 0 to ${MAX_CHURCH_ALLOCATION.toLocaleString('en')}, set to 0.`,
      );
    }
    const createdAt = firstDate(doc.createdAt, doc.created) ?? objectIdTime(legacyId);
    incoming.push({
      collection,
      legacyId,
      name: record.name,
      values: { name, country: country ?? legacyCountry, allocation: validAllocation ? allocation : 0 },
      insertOnly: { createdAt, updatedAt: firstDate(doc.updatedAt, doc.updated) ?? createdAt },
    });
  }
  const current = await tx
    .select({
      id: churches.id,
      legacyId: churches.legacyId,
      name: churches.name,
      country: churches.country,
      allocation: churches.allocation,
    })
    .from(churches);
  return writeLegacyRows(
    context,
    {
      phase: 'churches',
      noun: 'church',
      unique: {
        key: (church) => churchKey(church.country, church.name),
        name: (church) => church.name,
        duplicate: (holder) => `Same name and country as ${holder}: merged onto it.`,
      },
      insert: (rows) => tx.insert(churches).values(rows),
      update: (id, changes) => tx.update(churches).set(changes).where(eq(churches.id, id)),
    },
    current.map(({ id, legacyId, ...values }) => ({ id, legacyId, values })),
    incoming,
  );
}
