import { DAY_MESSAGES, type EditionSearchResult } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, loginAs, type TestApp } from '../../../test/app.ts';
import { addEditionRecord } from '../../../test/editions.ts';
import { editionDays, editionPages, languages } from '../../db/schema.ts';
import { RANKED_PAGES, searchConfigOf, snippetParts } from './search.ts';

let app: TestApp;
let member: Awaited<ReturnType<typeof loginAs>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await buildTestApp();
  const [english, swahili, french] = await app.db
    .insert(languages)
    .values([
      { name: 'English', code: 'en' },
      { name: 'Kiswahili', code: 'sw' },
      { name: 'Français', code: 'fr' },
    ])
    .returning();
  const edition = async (language: typeof english, pages: string[]) => {
    const { id } = await addEditionRecord(app, {
      book: 'Teevo',
      languageId: language?.id ?? '',
      year: 2026,
      month: 11,
    });
    const searchConfig = searchConfigOf(language?.code ?? null);
    await app.db.insert(editionPages).values(pages.map((text, i) => ({ fileId: id, page: i + 1, text, searchConfig })));
    return id;
  };
  ids.english = await edition(english, [
    'November 1\nForgiveness is a gift we are given.',
    'November 2\nWe forgive because we were forgiven first.',
    'November 3\nPray for your friends today.',
  ]);
  ids.swahili = await edition(swahili, ['Novemba 1\nMsamaha ni zawadi.']);
  ids.french = await edition(french, ['1 novembre\nLe pardon est un cadeau.']);
  await app.db.insert(editionDays).values({
    fileId: ids.english,
    source: 'headings',
    days: [
      { day: 1, page: 1 },
      { day: 2, page: 2 },
      { day: 3, page: 3 },
    ],
    pageCount: 3,
    scanned: false,
  });
  member = await loginAs(app, 'User');
  // The member's languages are those of their downloads: English and Kiswahili.
  for (const id of [ids.english, ids.swahili])
    expect((await member.request('POST', '/api/downloads', { file: id })).statusCode).toBe(200);
});
afterAll(() => app.close());

const search = async (q: string) => {
  const response = await member.request('GET', `/api/editions/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json() as EditionSearchResult[];
};
const matches = (result: EditionSearchResult | undefined) =>
  result?.snippet.filter(({ match }) => match).map(({ text }) => text);

describe('GET /api/editions/search', () => {
  it('finds words by their stem in a language PostgreSQL stems, with the day each page belongs to', async () => {
    const results = await search('forgiveness');
    expect(results.map(({ file, page, day }) => [file.id, page, day])).toEqual(
      expect.arrayContaining([
        [ids.english, 1, 1],
        [ids.english, 2, 2],
      ]),
    );
    expect(results).toHaveLength(2);
    expect(matches(results.find(({ page }) => page === 2))).toEqual(['forgive']);
  });

  it('finds whole words in a language it does not stem, and only in the member’s languages', async () => {
    const [swahili, ...none] = await search('msamaha');
    expect([swahili?.file.id, swahili?.page, swahili?.day, none]).toEqual([ids.swahili, 1, null, []]);
    expect(matches(swahili)).toEqual(['Msamaha']);
    // French is not the member's.
    expect(await search('pardon')).toEqual([]);
  });

  it('takes a phrase and words to leave out', async () => {
    expect((await search('"pray for your friends"')).map(({ page }) => page)).toEqual([3]);
    expect((await search('forgive -first')).map(({ page }) => page)).toEqual([1]);
  });

  it('refuses a search too short or too long, and a visitor', async () => {
    expectMessage(await member.request('GET', '/api/editions/search?q=a'), 400, `q: ${DAY_MESSAGES.searchTooShort}`);
    expect((await member.request('GET', `/api/editions/search?q=${'word '.repeat(30)}`)).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/editions/search?q=forgive' })).statusCode).toBe(401);
  });
});

describe('the File List’s search', () => {
  it('finds an edition by a word of its text too, by the edition’s language, beside its names', async () => {
    const admin = await loginAs(app, 'Admin');
    const listed = async (search: string) =>
      (
        (await admin.request('GET', `/api/editions?search=${encodeURIComponent(search)}`)).json().items as {
          id: string;
        }[]
      )
        .map(({ id }) => id)
        .sort();
    expect(await listed('forgiven')).toEqual([ids.english]);
    expect(await listed('pardon')).toEqual([ids.french]);
    // Each word in the names or the text: "Teevo" in the name, "msamaha" in the text.
    expect(await listed('teevo msamaha')).toEqual([ids.swahili]);
    expect(await listed('teevo')).toEqual([ids.english, ids.swahili, ids.french].sort());
    expect(await listed('nowhere')).toEqual([]);
  });
});

// Last: its editions would be found by the File List's search above.
describe('a word on very many pages', () => {
  it('ranks the newest pages that match a word on very many: an older page that has it more times is not read', async () => {
    const [english] = await app.db.select().from(languages).where(eq(languages.code, 'en'));
    const older = await addEditionRecord(app, { book: 'Teevo', languageId: english?.id ?? '', year: 2024, month: 1 });
    const newer = await addEditionRecord(app, { book: 'Teevo', languageId: english?.id ?? '', year: 2025, month: 1 });
    await app.db.insert(editionPages).values([
      { fileId: older.id, page: 1, text: 'Mercy mercy mercy mercy, everywhere mercy.', searchConfig: 'english' },
      ...Array.from({ length: RANKED_PAGES }, (_, i) => ({
        fileId: newer.id,
        page: i + 1,
        text: `Page ${i + 1}: a long day, and mercy once among many other words of the day.`,
        searchConfig: 'english',
      })),
    ]);
    expect((await member.request('POST', '/api/downloads', { file: newer.id })).statusCode).toBe(200);
    const results = await search('mercy');
    expect(results.every(({ file }) => file.id === newer.id)).toBe(true);
    // With one page fewer in the newer edition, the older page is among those ranked, and ranks first.
    await app.db
      .delete(editionPages)
      .where(and(eq(editionPages.fileId, newer.id), eq(editionPages.page, RANKED_PAGES)));
    expect((await search('mercy'))[0]?.file.id).toBe(older.id);
  });
});

describe('snippetParts', () => {
  it('splits ts_headline’s answer into matches and the words between', () => {
    expect(snippetParts('We \u0002forgive\u0003 because we were \u0002forgiven\u0003')).toEqual([
      { text: 'We ', match: false },
      { text: 'forgive', match: true },
      { text: ' because we were ', match: false },
      { text: 'forgiven', match: true },
    ]);
  });
});
