import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MONTHS } from '@portal/contract';
import bcrypt from 'bcryptjs';
import { makePdf } from './files.ts';

/**
 * Test fixture: a legacy export as mongoexport writes it (Extended JSON, JSON Lines for some
 * collections and --jsonArray for others), with the PDFs, and the oddities a real one has.
 */

const BASE = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;
let sequence = 0;

/** An ObjectId made like MongoDB's: creation time, then a counter. */
function oid(time: number) {
  sequence += 1;
  return `${Math.floor(time / 1000)
    .toString(16)
    .padStart(8, '0')}${sequence.toString(16).padStart(16, '0')}`;
}

const $oid = (id: string) => ({ $oid: id });
const $date = (time: number) => ({ $date: new Date(time).toISOString() });
const $dateLong = (time: number) => ({ $date: { $numberLong: String(time) } });

const jsonLines = (documents: object[]) => `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`;
const jsonArray = (documents: object[]) => JSON.stringify(documents);

const COUNTRIES = ['Ghana', 'Nigeria', 'Kenya'];
const LANGUAGES = ['English', 'French', 'Spanish', 'Portuguese', 'Swahili', 'Twi', 'Ewe', 'Hausa', 'Yoruba', 'Igbo'];
const TRANSLATION_LANGUAGES = [
  'Zulu',
  'Xhosa',
  'Shona',
  'Amharic',
  'Somali',
  'Wolof',
  'Fula',
  'Lingala',
  'Kikuyu',
  'Luo',
];

/** Enough of each kind for batching and paging to matter. */
const CHURCHES = 200;
const LANGUAGE_COUNT = 200;
/** Translation documents: half of them languages, half files in those languages. */
const TRANSLATIONS = 200;

/** The PDFs that importing the export stores: the real ones at hand, one per edition. */
export const LEGACY_PDFS = 296;

export const LEGACY_PASSWORDS = { user: 'Old-password-1', admin: 'Old-admin-pass-1', others: 'Shared-pass-1' };

export interface LegacyFixture {
  ids: {
    churches: string[];
    languages: string[];
    translations: string[];
    accounts: string[];
    files: string[];
    transactions: string[];
  };
  user: { id: string; email: string };
  admin: { id: string; email: string };
  /** accounts[7] repeats the e-mail of accounts[5]. */
  duplicateEmail: { first: string; second: string };
  unknownLanguageFile: string;
  missingPdfFiles: string[];
  notPdfFile: string;
  olderEditionFile: string;
  newerEditionFile: string;
  transactionToMissingFile: string;
  /** The file that transactions 42, 142, 242 and 342 name, which the export lacks. */
  fileNotInExport: string;
  /** transactions[n] with the file and account it points at. */
  transactions: { id: string; user: string; file: string }[];
}

/** Writes the collection files into `folder` and the PDFs into `pdfFolder`. */
export async function writeLegacyExport(folder: string, pdfFolder = folder): Promise<LegacyFixture> {
  const write = (name: string, text: string | Buffer) => writeFile(path.join(folder, name), text);
  const writePdf = (name: string, data: Buffer) => writeFile(path.join(pdfFolder, name), data);

  // Churches 20 to 22 have allocations to refuse (negative, not a number, beyond the maximum), church 23 a
  // lower-case country and church 24 one not in the country list.
  const churches = Array.from({ length: CHURCHES }, (_, i) => ({
    _id: $oid(oid(BASE + i * HOUR)),
    name: i === 10 ? 'church 3' : `Church ${i}`,
    country: i === 23 ? 'ghana' : i === 24 ? 'Atlantis' : COUNTRIES[i % 3],
    allocation:
      i === 20 ? -5 : i === 21 ? 'lots' : i === 22 ? { $numberLong: '5000000000' } : { $numberInt: String(i * 10) },
    createdAt: $date(BASE + i * HOUR),
    updatedAt: $date(BASE + i * HOUR + 1000),
    __v: 0,
  }));
  // church 10 repeats church 3 (same country, other case): merged.
  churches[10] = { ...(churches[10] as (typeof churches)[number]), country: COUNTRIES[0] };

  const languages = Array.from({ length: LANGUAGE_COUNT }, (_, i) => ({
    _id: $oid(oid(BASE + i * HOUR)),
    name: i === 39 ? 'english' : (LANGUAGES[i] ?? `Language ${i}`),
    createdAt: i % 2 ? $date(BASE + i * HOUR) : $dateLong(BASE + i * HOUR),
    updatedAt: $date(BASE + i * HOUR),
  }));

  const translationPdfs: [string, Buffer][] = [];
  const translationLanguages = Array.from(
    { length: TRANSLATIONS / 2 },
    (_, i) => TRANSLATION_LANGUAGES[i] ?? `Translation ${i}`,
  );
  const translations = [
    ...translationLanguages.map((name, i) => ({ _id: $oid(oid(BASE + i * HOUR)), name, createdAt: $date(BASE) })),
    ...translationLanguages.map((language, i) => {
      const fileName = `Take5-${language}-May.pdf`;
      translationPdfs.push([fileName, makePdf(`Take5 ${language} May`)]);
      return {
        _id: $oid(oid(BASE + i * HOUR)),
        book_name: 'Take5',
        book_language: language,
        book_month: 'May',
        book_year: 2024,
        file_path: `uploads/translations/${fileName}`,
        file_mime_type: 'application/pdf',
        created: $date(BASE + i * HOUR),
      };
    }),
  ];

  const [userHash, adminHash, sharedHash] = await Promise.all(
    [LEGACY_PASSWORDS.user, LEGACY_PASSWORDS.admin, LEGACY_PASSWORDS.others].map((password) =>
      bcrypt.hash(password, 4),
    ),
  );
  const accounts = Array.from({ length: 300 }, (_, i) => {
    const created = BASE + i * HOUR;
    const church = churches[i % CHURCHES] as (typeof churches)[number];
    const verification =
      i % 10 === 9
        ? { isVerified: false }
        : i % 10 === 8
          ? { IsAccountVerified: true }
          : { verified: $date(created + 60_000) };
    return {
      _id: $oid(oid(created)),
      title: ['Mr', 'Mrs', 'Pastor', 'Miss'][i % 4],
      firstName: `First${i}`,
      lastName: `Last${i}`,
      email: i === 7 ? '  Member5@Example.ORG ' : i === 299 ? 'not-an-address' : `member${i}@example.org`,
      passwordHash: i === 0 ? userHash : i === 1 ? adminHash : sharedHash,
      role: i === 1 ? 'Admin' : 'User',
      church: i % 4 === 1 ? church.name : i % 4 === 2 ? 'NAN' : church._id,
      isMember: i % 4 !== 2,
      country: COUNTRIES[i % 3],
      address: `${i} Main Street`,
      acceptTerms: true,
      ...verification,
      created: $date(created),
      updated: $date(created + HOUR),
      verificationToken: 'legacy-token',
    };
  });

  const filePdfs: [string, Buffer][] = [];
  const fileDocument = (k: number, book: string, language: string, month: number, created: number) => {
    const monthName = MONTHS[month - 1] as string;
    const fileName = `${1_712_345_678_901 + k}-${book}-${language}.pdf`;
    const yearless = k % 10 === 5;
    filePdfs.push([fileName, k === 13 ? Buffer.from('not a pdf at all') : makePdf(`${book} ${language} ${monthName}`)]);
    return {
      _id: $oid(oid(created)),
      book_name: book,
      book_language: language,
      book_month: k % 3 === 0 ? monthName : k % 3 === 1 ? month : String(month),
      ...(k % 5 === 0 ? {} : { book_year: { $numberInt: '2024' } }),
      file_size: { $numberLong: '1234' },
      file_path: `uploads\\${fileName}`,
      file_mime_type: 'application/pdf',
      name: yearless ? `${book}-${language}.pdf` : `${book} ${language} ${monthName} 2024.pdf`,
      created: $date(created),
    };
  };
  const files = Array.from({ length: 200 }, (_, k) =>
    fileDocument(
      k,
      k % 2 ? 'Take5' : 'Teevo',
      LANGUAGES[Math.floor(k / 2) % 10] as string,
      Math.floor(k / 20) + 1,
      BASE + k * HOUR,
    ),
  );
  // The same edition as files[10], uploaded later; a file in a language nobody has; a book that does not exist yet.
  files.push(fileDocument(200, 'Teevo', 'Twi', 1, BASE + 500 * HOUR));
  files.push(fileDocument(201, 'Teevo', 'Klingon', 1, BASE));
  files.push(fileDocument(202, 'Teevo Junior', 'English', 1, BASE));
  const missingPdfs = [7, 57, 107, 157];

  const fileId = (k: number) => (files[k] as (typeof files)[number])._id.$oid;
  const accountId = (i: number) => (accounts[i] as (typeof accounts)[number])._id.$oid;
  const missingFile = oid(BASE);
  const special: Record<number, { user: string; file: string }> = {
    1: { user: accountId(0), file: fileId(1) },
    2: { user: accountId(2), file: fileId(7) },
    3: { user: accountId(7), file: fileId(3) },
    4: { user: accountId(3), file: fileId(201) },
    5: { user: oid(BASE), file: fileId(5) },
    6: { user: accountId(4), file: fileId(10) },
  };
  const transactions = Array.from({ length: 400 }, (_, t) => {
    const time = Date.UTC(2024, 5, 1) + t * 60_000;
    const link = special[t] ?? {
      user: accountId((t * 7) % 300),
      file: t % 100 === 42 ? missingFile : fileId((t * 3) % files.length),
    };
    const date = t % 2 ? $date(time) : $dateLong(time);
    return {
      _id: $oid(oid(time)),
      user: $oid(link.user),
      file: $oid(link.file),
      ...(t % 5 === 0 ? { created: date } : { createdAt: date }),
    };
  });
  const refreshTokens = Array.from({ length: 5 }, (_, i) => ({
    _id: $oid(oid(BASE)),
    account: $oid(accountId(i)),
    token: 'x',
  }));

  await write('churches.json', jsonArray(churches));
  await write('languages.json', jsonLines(languages));
  await write('translations.json', jsonLines(translations));
  await write('accounts.json', jsonLines(accounts));
  await write('files.json', jsonArray(files));
  await write('transactions.json', jsonLines(transactions));
  await write('refreshtokens.json', jsonLines(refreshTokens));
  for (const [name, data] of translationPdfs) await writePdf(name, data);
  for (const [index, [name, data]] of filePdfs.entries()) if (!missingPdfs.includes(index)) await writePdf(name, data);

  const idsOf = (documents: { _id: { $oid: string } }[]) => documents.map((document) => document._id.$oid);
  return {
    ids: {
      churches: idsOf(churches),
      languages: idsOf(languages),
      translations: idsOf(translations),
      accounts: idsOf(accounts),
      files: idsOf(files),
      transactions: idsOf(transactions),
    },
    user: { id: accountId(0), email: 'member0@example.org' },
    admin: { id: accountId(1), email: 'member1@example.org' },
    duplicateEmail: { first: accountId(5), second: accountId(7) },
    unknownLanguageFile: fileId(201),
    missingPdfFiles: missingPdfs.map(fileId),
    notPdfFile: fileId(13),
    olderEditionFile: fileId(10),
    newerEditionFile: fileId(200),
    transactionToMissingFile: idsOf(transactions)[42] as string,
    fileNotInExport: missingFile,
    transactions: transactions.map((transaction) => ({
      id: transaction._id.$oid,
      user: transaction.user.$oid,
      file: transaction.file.$oid,
    })),
  };
}
