import { emailSchema, NO_CHURCH, type Role } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { accounts, churches } from '../../db/schema.ts';
import type { ImportContext, LegacyRecord } from './context.ts';
import { date, firstDate, flag, objectIdTime, text } from './fields.ts';
import { type IncomingRow, writeLegacyRows } from './rows.ts';

interface AccountValues {
  email: string;
  title: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  churchId: string | null;
  country: string | null;
  address: string | null;
  isMember: boolean;
  acceptTerms: boolean;
  verifiedAt: Date | null;
}

// Matches no password: verifyPassword fails on it, so the owner has to use Forgot password.
const NO_PASSWORD = '!';

function legacyRole(value: unknown): Role {
  const role = text(value)?.toLowerCase();
  if (role === 'super admin') return 'Super Admin';
  if (role === 'admin') return 'Admin';
  return 'User';
}

/** A legacy account's church is the church's legacy id or, in older records, its name. */
async function churchResolver(context: ImportContext, churchIds: Map<string, string>) {
  const byName = new Map<string, string>();
  const rows = await context.tx
    .select({ id: churches.id, name: churches.name })
    .from(churches)
    .orderBy(asc(churches.createdAt));
  for (const row of rows) if (!byName.has(row.name.toLowerCase())) byName.set(row.name.toLowerCase(), row.id);
  return (value: string) => churchIds.get(value) ?? byName.get(value.toLowerCase()) ?? null;
}

/**
 * Imports accounts with their bcrypt hashes (re-hashed to argon2id at the first sign-in). Returns
 * legacy id → account id; an account skipped for its e-mail stands for the account holding that e-mail.
 */
export async function importAccounts(context: ImportContext, records: LegacyRecord[], churchIds: Map<string, string>) {
  const { tx, report } = context;
  const current = await tx
    .select({
      id: accounts.id,
      legacyId: accounts.legacyId,
      email: accounts.email,
      title: accounts.title,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      role: accounts.role,
      churchId: accounts.churchId,
      country: accounts.country,
      address: accounts.address,
      isMember: accounts.isMember,
      acceptTerms: accounts.acceptTerms,
      verifiedAt: accounts.verifiedAt,
    })
    .from(accounts);
  const currentByLegacyId = new Map(current.filter((row) => row.legacyId).map((row) => [row.legacyId, row]));
  const churchOf = await churchResolver(context, churchIds);

  const incoming: IncomingRow<AccountValues, { passwordHash: string; createdAt?: Date; updatedAt?: Date }>[] = [];
  for (const record of records) {
    const { collection, legacyId, doc } = record;
    const email = emailSchema.safeParse(doc.email);
    if (!email.success) {
      report.conflict(record, `E-mail ${JSON.stringify(doc.email) ?? 'missing'} is not a valid address.`);
      continue;
    }
    const church = text(doc.church);
    const churchId = church ? churchOf(church) : null;
    if (church && church !== NO_CHURCH && !churchId) {
      report.note(record, `Church "${church}" not found: the account has no church.`);
    }
    const passwordHash = text(doc.passwordHash);
    if (!passwordHash) report.note(record, 'No password hash: the owner has to use Forgot password.');
    const createdAt = firstDate(doc.created, doc.createdAt) ?? objectIdTime(legacyId);
    const verified = flag(doc.isVerified) || flag(doc.IsAccountVerified) ? (createdAt ?? new Date()) : null;
    incoming.push({
      collection,
      legacyId,
      name: record.name,
      values: {
        email: email.data,
        title: text(doc.title) ?? null,
        firstName: text(doc.firstName) ?? '',
        lastName: text(doc.lastName) ?? '',
        role: legacyRole(doc.role),
        churchId,
        country: text(doc.country) ?? null,
        address: text(doc.address) ?? null,
        isMember: flag(doc.isMember) ?? true,
        acceptTerms: flag(doc.acceptTerms) ?? false,
        // A verification made on the new portal stands, whatever the export says.
        verifiedAt: currentByLegacyId.get(legacyId)?.verifiedAt ?? date(doc.verified) ?? verified,
      },
      // Set once: the first sign-in re-hashes the password, and the owner may change it here.
      insertOnly: {
        passwordHash: passwordHash ?? NO_PASSWORD,
        createdAt,
        updatedAt: firstDate(doc.updated, doc.updatedAt) ?? createdAt,
      },
    });
  }
  return writeLegacyRows(
    context,
    {
      phase: 'accounts',
      noun: 'account',
      unique: {
        key: (account) => account.email,
        name: (account) => `${account.firstName} ${account.lastName}`.trim() || account.email,
        duplicate: (holder) => `E-mail already used by ${holder}: skipped, its downloads are credited to that account.`,
      },
      insert: (rows) => tx.insert(accounts).values(rows),
      update: (id, changes) => tx.update(accounts).set(changes).where(eq(accounts.id, id)),
    },
    current.map(({ id, legacyId, ...values }) => ({ id, legacyId, values })),
    incoming,
  );
}
