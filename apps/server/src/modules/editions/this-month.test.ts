import type { ThisMonth } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/app.ts';
import { addEditionRecord } from '../../../test/editions.ts';
import { editionDays, editionPages, languages } from '../../db/schema.ts';
import { dateIn, monthIn } from './this-month.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
const now = monthIn('UTC');

beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, 'Admin');
});
afterAll(() => app.close());

async function addLanguage(name: string) {
  const response = await admin.request('POST', '/api/languages', { name });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string };
}

const homeOf = async (member: Awaited<ReturnType<typeof loginAs>>) => {
  const response = await member.request('GET', '/api/editions/this-month');
  expect(response.statusCode).toBe(200);
  return response.json() as ThisMonth;
};

describe('GET /api/editions/this-month', () => {
  it('shows this month’s editions of every book in the languages the member downloaded, most recent first', async () => {
    const french = await addLanguage('Français');
    const swahili = await addLanguage('Kiswahili');
    const earlier = await addEditionRecord(app, { book: 'Teevo', languageId: swahili.id, year: 2025, month: 1 });
    const older = await addEditionRecord(app, { book: 'Take5', languageId: french.id, year: 2025, month: 2 });
    const current = await addEditionRecord(app, { book: 'Teevo', languageId: french.id, ...now });
    const member = await loginAs(app, 'User');
    for (const file of [earlier, older]) {
      expect((await member.request('POST', '/api/downloads', { file: file.id })).statusCode).toBe(200);
    }
    const home = await homeOf(member);
    expect(home).toMatchObject({ year: now.year, month: now.month, languages: ['Français', 'Kiswahili'] });
    expect(home.editions.map(({ book, language, file }) => [book, language, file?.id ?? null])).toEqual([
      ['Teevo', 'Français', current.id],
      ['Take5', 'Français', null],
      ['Teevo', 'Kiswahili', null],
      ['Take5', 'Kiswahili', null],
    ]);
  });

  it('shows next month’s editions in the member’s languages that are out already, and no month after it', async () => {
    const twi = await addLanguage('Twi');
    const ewe = await addLanguage('Ewe');
    const next = now.month === 12 ? { year: now.year + 1, month: 1 } : { year: now.year, month: now.month + 1 };
    const later = next.month === 12 ? { year: next.year + 1, month: 1 } : { year: next.year, month: next.month + 1 };
    const read = await addEditionRecord(app, { book: 'Take5', languageId: twi.id, year: 2025, month: 5 });
    const take5 = await addEditionRecord(app, { book: 'Take5', languageId: twi.id, ...next });
    const teevo = await addEditionRecord(app, { book: 'Teevo', languageId: twi.id, ...next });
    await addEditionRecord(app, { book: 'Teevo', languageId: ewe.id, ...next });
    await addEditionRecord(app, { book: 'Teevo', languageId: twi.id, ...later });
    const member = await loginAs(app, 'User');
    expect((await member.request('POST', '/api/downloads', { file: read.id })).statusCode).toBe(200);
    const home = await homeOf(member);
    expect(home.nextMonth).toMatchObject(next);
    expect(home.nextMonth.files.map((file) => file.id)).toEqual([teevo.id, take5.id]);
    expect(home.editions.every(({ file }) => file === null)).toBe(true);
  });

  it('offers a member with no downloads the first language added', async () => {
    const [first] = await app.db.select({ name: languages.name }).from(languages).orderBy(asc(languages.createdAt));
    const home = await homeOf(await loginAs(app, 'User'));
    expect(home.languages).toEqual([first?.name]);
    expect(home.editions.map(({ book }) => book)).toEqual(['Teevo', 'Take5']);
  });

  it('gives today’s reading of an edition whose day map has today: its page and the first lines of its text', async () => {
    const today = dateIn('UTC');
    const lingala = await addLanguage('Lingala');
    const mapped = await addEditionRecord(app, { book: 'Teevo', languageId: lingala.id, ...now });
    const unmapped = await addEditionRecord(app, { book: 'Take5', languageId: lingala.id, ...now });
    await app.db.insert(editionDays).values([
      { fileId: mapped.id, source: 'admin', days: [{ day: today.day, page: 3 }], pageCount: 40, scanned: false },
      { fileId: unmapped.id, source: 'none', days: [], pageCount: 40, scanned: false },
    ]);
    const long = 'A line longer than a card shows whole, '.repeat(5);
    await app.db.insert(editionPages).values([
      { fileId: mapped.id, page: 2, text: 'Not today' },
      { fileId: mapped.id, page: 3, text: `  ${today.day} Lingala heading\n\nForgiveness\n${long}\nFour\nFive` },
    ]);
    const member = await loginAs(app, 'User');
    expect((await member.request('POST', '/api/downloads', { file: mapped.id })).statusCode).toBe(200);
    const { editions } = await homeOf(member);
    const teevo = editions.find(({ file }) => file?.id === mapped.id);
    expect(teevo?.today).toEqual({
      day: today.day,
      page: 3,
      lines: [`${today.day} Lingala heading`, 'Forgiveness', `${long.slice(0, 119)}…`, 'Four'],
    });
    expect(editions.find(({ file }) => file?.id === unmapped.id)?.today).toBeNull();
  });

  it('leaves today’s date heading out of its first lines: the card says the date', async () => {
    const today = dateIn('UTC');
    const [english] = await app.db.select().from(languages).where(eq(languages.code, 'en'));
    const language = english ?? (await addLanguage('English'));
    if (!english) await app.db.update(languages).set({ code: 'en' }).where(eq(languages.id, language.id));
    const edition = await addEditionRecord(app, { book: 'Take5', languageId: language.id, ...now });
    const month = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date());
    await app.db.insert(editionDays).values({
      fileId: edition.id,
      source: 'headings',
      days: [{ day: today.day, page: 1 }],
      pageCount: 1,
      scanned: false,
    });
    await app.db
      .insert(editionPages)
      .values({ fileId: edition.id, page: 1, text: `Saturday, ${month} ${today.day}\nForgiveness\nRead Matthew 6.` });
    const member = await loginAs(app, 'User');
    expect((await member.request('POST', '/api/downloads', { file: edition.id })).statusCode).toBe(200);
    const { editions } = await homeOf(member);
    expect(editions.find(({ file }) => file?.id === edition.id)?.today?.lines).toEqual([
      'Forgiveness',
      'Read Matthew 6.',
    ]);
  });

  it('is refused without a session', async () => {
    expect((await app.inject({ url: '/api/editions/this-month' })).statusCode).toBe(401);
  });
});

describe('monthIn', () => {
  it('reads the month in the time zone, not the server’s', () => {
    const lastEveningOfNovember = new Date('2026-11-30T20:00:00Z');
    expect(monthIn('UTC', lastEveningOfNovember)).toEqual({ year: 2026, month: 11 });
    expect(monthIn('Pacific/Auckland', lastEveningOfNovember)).toEqual({ year: 2026, month: 12 });
    expect(monthIn('America/Los_Angeles', new Date('2027-01-01T03:00:00Z'))).toEqual({ year: 2026, month: 12 });
  });
});
