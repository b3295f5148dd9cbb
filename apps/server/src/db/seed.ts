import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import isoCountries from 'i18n-iso-countries';
import { matchLanguageCodesOnce } from '../modules/languages/service.ts';
import { hashPassword } from '../plugins/auth/passwords.ts';
import type { Database } from './index.ts';
import { accounts, books, countries } from './schema.ts';

export interface SeedOptions {
  admin?: { email: string; password: string };
  dataDir: string;
}

export interface SeedResult {
  /** Set only when this run created the Super Admin; generatedPassword only when it made one up. */
  admin?: { email: string; generatedPassword?: string };
}

const defaultBooks = ['Teevo', 'Take5'];
const defaultAdminEmail = 'admin@example.com';
export const initialAdminPasswordFile = 'initial-admin-password';

// Arbitrary constant: instances starting together against one PostgreSQL server seed one at a time.
const seedLockKey = 7_318_004_212;

/** Fills an empty database with what the portal needs to be usable; safe to run on every start. */
export async function seed(db: Database, options: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);

    const [anyBook] = await tx.select({ id: books.id }).from(books).limit(1);
    // A millisecond apart, in this order: the download panel offers the first book added first.
    const seededAt = Date.now();
    if (!anyBook) {
      await tx
        .insert(books)
        .values(defaultBooks.map((name, order) => ({ name, createdAt: new Date(seededAt + order) })));
    }

    const [anyCountry] = await tx.select({ id: countries.id }).from(countries).limit(1);
    if (!anyCountry) await tx.insert(countries).values(standardCountryNames().map((name) => ({ name })));
    await matchLanguageCodesOnce(tx);

    const [superAdmin] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.role, 'Super Admin'))
      .limit(1);
    if (superAdmin) return {};

    const email = (options.admin?.email ?? defaultAdminEmail).trim().toLowerCase();
    const password = options.admin?.password ?? randomBytes(18).toString('base64url');
    const passwordHash = await hashPassword(password);
    const now = new Date();
    // An existing account with that address is promoted: the operator named it as the Super Admin.
    await tx
      .insert(accounts)
      .values({
        firstName: 'Super',
        lastName: 'Admin',
        email,
        passwordHash,
        role: 'Super Admin',
        isMember: false,
        acceptTerms: true,
        verifiedAt: now,
        passwordChangedAt: now,
      })
      .onConflictDoUpdate({
        target: accounts.email,
        set: { passwordHash, role: 'Super Admin', verifiedAt: now, passwordChangedAt: now },
      });
    if (options.admin) return { admin: { email } };
    // Written before the commit, so a failed write leaves no admin whose password nobody knows.
    await writePasswordFile(options.dataDir, password);
    return { admin: { email, generatedPassword: password } };
  });
}

/** The ISO 3166 country names in English: the list a new portal starts with, and "Restore the standard list" puts back. */
export function standardCountryNames(): string[] {
  return Object.values(isoCountries.getNames('en')).sort((a, b) => a.localeCompare(b, 'en'));
}

async function writePasswordFile(dataDir: string, password: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, initialAdminPasswordFile);
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  // mode only applies to a new file; an older file may have been left readable.
  await chmod(file, 0o600);
}
