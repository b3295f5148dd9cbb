import { CHURCH_MESSAGES, type Church, churchHasMembersMessage, type churchInputSchema } from '@portal/contract';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '../../db/ids.ts';
import type { Database } from '../../db/index.ts';
import { byName, sameName } from '../../db/names.ts';
import { accounts, type Church as ChurchRow, churches, countries } from '../../db/schema.ts';
import { BadRequest, Conflict, NotFound } from '../../errors.ts';
import { orConflict, recordView } from '../records.ts';

type ChurchInput = z.output<typeof churchInputSchema>;

const toChurch = (row: ChurchRow): Church => ({
  ...recordView(row),
  name: row.name,
  country: row.country,
  allocation: row.allocation,
});

async function load(db: Database, id: string): Promise<ChurchRow> {
  const [row] = isUuid(id) ? await db.select().from(churches).where(eq(churches.id, id)) : [];
  if (!row) throw new NotFound(CHURCH_MESSAGES.churchNotFound);
  return row;
}

/** The country as the country list spells it; a church must be in a listed country. */
async function listedCountry(db: Database, country: string): Promise<string> {
  const [row] = await db.select({ name: countries.name }).from(countries).where(sameName(countries.name, country));
  if (!row) throw new BadRequest(CHURCH_MESSAGES.unknownCountry);
  return row.name;
}

/** Validates the input against the database: a listed country, and a name not yet used there. */
async function storableValues(db: Database, input: ChurchInput, exceptId?: string): Promise<ChurchInput> {
  const country = await listedCountry(db, input.country);
  const sameChurch = and(eq(churches.country, country), sameName(churches.name, input.name));
  const [taken] = await db
    .select({ id: churches.id })
    .from(churches)
    .where(exceptId ? and(sameChurch, ne(churches.id, exceptId)) : sameChurch);
  if (taken) throw new Conflict(CHURCH_MESSAGES.nameTaken);
  return { ...input, country };
}

export async function listChurches(db: Database): Promise<Church[]> {
  const rows = await db.select().from(churches).orderBy(asc(churches.country), byName(churches.name));
  return rows.map(toChurch);
}

export async function getChurch(db: Database, id: string): Promise<Church> {
  return toChurch(await load(db, id));
}

export async function createChurch(db: Database, input: ChurchInput): Promise<Church> {
  const values = await storableValues(db, input);
  const [row] = await orConflict(db.insert(churches).values(values).returning(), CHURCH_MESSAGES.nameTaken);
  return toChurch(row as ChurchRow);
}

export async function updateChurch(db: Database, id: string, input: ChurchInput): Promise<Church> {
  const current = await load(db, id);
  const values = await storableValues(db, input, current.id);
  const [row] = await orConflict(
    db.update(churches).set(values).where(eq(churches.id, current.id)).returning(),
    CHURCH_MESSAGES.nameTaken,
  );
  if (!row) throw new NotFound(CHURCH_MESSAGES.churchNotFound);
  return toChurch(row);
}

/**
 * A church that accounts belong to stays, as a language that files use does: deleting it would leave them
 * without a church. The church's row is locked first, so an account can't join it between the count and
 * the delete (the foreign key's check waits for the lock).
 */
export async function deleteChurch(db: Database, id: string) {
  const church = await load(db, id);
  await db.transaction(async (tx) => {
    await tx.select({ id: churches.id }).from(churches).where(eq(churches.id, church.id)).for('update');
    const [members] = await tx.select({ total: count() }).from(accounts).where(eq(accounts.churchId, church.id));
    if (members && members.total > 0) throw new Conflict(churchHasMembersMessage(members.total));
    await tx.delete(churches).where(eq(churches.id, church.id));
  });
}
