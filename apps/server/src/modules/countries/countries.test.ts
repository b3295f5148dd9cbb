import {
  COUNTRY_MESSAGES,
  itemNameWithControlCharactersMessage,
  itemWithoutNameMessage,
  MAX_COUNTRY_JSON_BYTES,
  MESSAGES,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, app, useAdminApp } from '../../../test/admin-app.ts';
import { createTestAccount, expectMessage } from '../../../test/app.ts';
import { previewCountries, uploadCountries } from '../../../test/countries.ts';
import { cutMultipart, multipart, postForm } from '../../../test/files.ts';
import { accounts, churches, countries } from '../../db/schema.ts';
import { standardCountryNames } from '../../db/seed.ts';

useAdminApp();

const countryNames = async () => (await app.db.select({ name: countries.name }).from(countries)).map((c) => c.name);
const listed = async () =>
  (await app.inject({ method: 'GET', url: '/api/country/getAll' })).json().map((c: { country: string }) => c.country);

describe('GET /api/country/getAll', () => {
  it('gives the seeded list to anyone, sorted, as { country, code } items: the English name and its ISO 3166 code', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/country/getAll' });
    expect(response.statusCode).toBe(200);
    const items = response.json() as { country: string; code: string | null }[];
    expect(items.length).toBeGreaterThan(200);
    expect(items).toContainEqual({ country: 'Ghana', code: 'GH' });
    expect(items).toContainEqual({ country: 'Spain', code: 'ES' });
    expect(Object.keys(items[0] ?? {})).toEqual(['country', 'code']);
    expect(items.filter(({ code }) => !code)).toEqual([]);
    const names = items.map((item) => item.country);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('POST /api/files/uploadCountries', () => {
  it('replaces the list with an array of { country } objects: trimmed, without repeats', async () => {
    const file = JSON.stringify([
      { country: ' Kenya ' },
      { country: 'Ghana' },
      { country: 'kenya' },
      { country: 'Åland' },
    ]);
    const response = await uploadCountries(app, admin.headers, file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: COUNTRY_MESSAGES.uploaded, count: 3 });
    expect(await listed()).toEqual(['Åland', 'Ghana', 'Kenya']);
  });

  it('gives each name the standard knows its code, in another spelling too, and others none', async () => {
    const file = JSON.stringify(['United States of America', 'Ivory Coast', 'Zanzibar']);
    expect((await uploadCountries(app, admin.headers, file)).statusCode).toBe(200);
    const response = await app.inject({ method: 'GET', url: '/api/country/getAll' });
    expect(response.json()).toEqual([
      { country: 'Ivory Coast', code: 'CI' },
      { country: 'United States of America', code: 'US' },
      { country: 'Zanzibar', code: null },
    ]);
  });

  it('accepts an array of names, by file name even when sent as text/plain, with a byte order mark', async () => {
    const response = await uploadCountries(app, admin.headers, `\uFEFF${JSON.stringify(['Togo', 'Benin'])}`, {
      name: 'LIST.JSON',
      type: 'text/plain',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(2);
    expect(await listed()).toEqual(['Benin', 'Togo']);
  });

  it.each([
    ['a file that is not JSON', '["Mali"]', { name: 'countries.txt', type: 'text/plain' }, COUNTRY_MESSAGES.notJson],
    ['malformed JSON', '[{"country": "Mali"', {}, COUNTRY_MESSAGES.malformed],
    ['an object instead of a list', '{"country": "Mali"}', {}, COUNTRY_MESSAGES.wrongShape],
    ['an empty list', '[]', {}, COUNTRY_MESSAGES.empty],
    ['an item without a name', '[{"country":"Mali"},"Chad",{"name":"Niger"}]', {}, itemWithoutNameMessage(3)],
    ['an empty name', '["Mali", "  "]', {}, itemWithoutNameMessage(2)],
    ['a number', '["Mali", 42]', {}, itemWithoutNameMessage(2)],
    ['a NUL in a name', '["Mali", {"country": "Ch\\u0000ad"}]', {}, itemNameWithControlCharactersMessage(2)],
  ])('refuses %s (400) and keeps the list', async (_case, content, file, message) => {
    const before = await countryNames();
    expectMessage(await uploadCountries(app, admin.headers, content, file), 400, message);
    expect(await countryNames()).toEqual(before);
  });

  it('refuses a file over 3,000,000 bytes (413) and keeps the list', async () => {
    const before = await countryNames();
    const content = `["Mali",${' '.repeat(MAX_COUNTRY_JSON_BYTES)}"Chad"]`;
    expectMessage(await uploadCountries(app, admin.headers, content), 413, COUNTRY_MESSAGES.tooLarge);
    expect(await countryNames()).toEqual(before);
  });

  it('accepts a file of exactly 3,000,000 bytes', async () => {
    const list = '["Mali","Chad"]';
    const content = `${list}${' '.repeat(MAX_COUNTRY_JSON_BYTES - list.length)}`;
    const response = await uploadCountries(app, admin.headers, content);
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(2);
  });

  it('takes a long list in one go', async () => {
    const names = Array.from({ length: 2500 }, (_, index) => `Country ${index + 1}`);
    const response = await uploadCountries(app, admin.headers, JSON.stringify(names));
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(2500);
    expect(await countryNames()).toHaveLength(2500);
  });

  it('needs the file in part jsonfile, sent as multipart', async () => {
    const before = await countryNames();
    const wrongPart = await multipart(
      {},
      { field: 'file', name: 'c.json', type: 'application/json', data: Buffer.from('["Mali"]') },
    );
    const responses = [
      await postForm(app, '/api/files/uploadCountries', admin.headers, wrongPart),
      await admin.request('POST', '/api/files/uploadCountries', ['Mali']),
    ];
    for (const response of responses) expectMessage(response, 400, COUNTRY_MESSAGES.noFile);
    expect(await countryNames()).toEqual(before);
  });

  it('refuses a garbled multipart body (400) and keeps the list', async () => {
    const before = await countryNames();
    const garbled = cutMultipart('jsonfile', 'c.json', '["Mali"');
    expectMessage(
      await postForm(app, '/api/files/uploadCountries', admin.headers, garbled),
      400,
      MESSAGES.brokenUpload,
    );
    expect(await countryNames()).toEqual(before);
  });
});

let named = 0;
/** A church in that country, as the database holds it. */
const churchIn = async (country: string) => app.db.insert(churches).values({ name: `Chapel ${++named}`, country });
/** An account that names that country. */
async function accountIn(country: string) {
  const { account } = await createTestAccount(app);
  await app.db.update(accounts).set({ country }).where(eq(accounts.id, account.id));
}
async function listOf(names: string[]) {
  expect((await uploadCountries(app, admin.headers, JSON.stringify(names))).statusCode).toBe(200);
}

describe('POST /api/countries/preview', () => {
  it('says what the file would change, and which removed countries churches or accounts use, changing nothing', async () => {
    await listOf(['Ghana', 'Kenya', 'Togo', 'Benin']);
    await churchIn('Kenya');
    await churchIn('kenya');
    await accountIn('Togo');
    await accountIn('Ghana');
    const response = await previewCountries(app, admin.headers, JSON.stringify(['ghana', 'Mali', { country: 'Chad' }]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      current: 4,
      count: 3,
      added: ['Chad', 'Mali'],
      removed: ['Benin', 'Kenya', 'Togo'],
      inUse: [
        { country: 'Kenya', churches: 2, accounts: 0 },
        { country: 'Togo', churches: 0, accounts: 1 },
      ],
    });
    expect(await listed()).toEqual(['Benin', 'Ghana', 'Kenya', 'Togo']);
  });

  it.each([
    ['malformed JSON', '["Mali"', COUNTRY_MESSAGES.malformed],
    ['an empty list', '[]', COUNTRY_MESSAGES.empty],
    ['an item without a name', '["Mali", {}]', itemWithoutNameMessage(2)],
  ])("refuses %s with the upload's message (400)", async (_case, content, message) => {
    expectMessage(await previewCountries(app, admin.headers, content), 400, message);
  });

  it('refuses a file over 3,000,000 bytes (413) and a request without the file (400)', async () => {
    const content = `["Mali",${' '.repeat(MAX_COUNTRY_JSON_BYTES)}"Chad"]`;
    expectMessage(await previewCountries(app, admin.headers, content), 413, COUNTRY_MESSAGES.tooLarge);
    expectMessage(await admin.request('POST', '/api/countries/preview', ['Mali']), 400, COUNTRY_MESSAGES.noFile);
  });
});

describe('GET /api/countries/restore/preview', () => {
  it('says what restoring the standard list would change, changing nothing', async () => {
    await listOf(['Ghana', 'Atlantis']);
    await accountIn('Atlantis');
    const response = await admin.request('GET', '/api/countries/restore/preview');
    expect(response.statusCode).toBe(200);
    const changes = response.json();
    expect(changes).toMatchObject({
      current: 2,
      count: standardCountryNames().length,
      removed: ['Atlantis'],
      inUse: [{ country: 'Atlantis', churches: 0, accounts: 1 }],
    });
    expect(changes.added).toHaveLength(standardCountryNames().length - 1);
    expect(changes.added).toContain('Kenya');
    expect(changes.added).not.toContain('Ghana');
    expect(await listed()).toEqual(['Atlantis', 'Ghana']);
  });
});

describe('POST /api/countries/restore', () => {
  it('puts back the list a new portal starts with', async () => {
    await listOf(['Ghana', 'Atlantis']);
    const response = await admin.request('POST', '/api/countries/restore');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: COUNTRY_MESSAGES.restored, count: standardCountryNames().length });
    expect(await listed()).toEqual(standardCountryNames());
  });
});
