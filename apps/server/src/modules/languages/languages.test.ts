import { LANGUAGE_MESSAGES, languageInUseMessage } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, app, UNKNOWN_ID, useAdminApp } from '../../../test/admin-app.ts';
import { expectMessage } from '../../../test/app.ts';
import { addEditionRecord } from '../../../test/editions.ts';
import { itRefusesBadNames } from '../../../test/named-records.ts';
import { downloads, languages } from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';

useAdminApp();

const languageCount = async () => (await app.db.select({ id: languages.id }).from(languages)).length;

async function addLanguage(name: string) {
  const [language] = await app.db.insert(languages).values({ name }).returning();
  return language as typeof languages.$inferSelect;
}

const create = (payload: object, url = '/api/languages/create/') => admin.request('POST', url, payload);
const rename = (id: string, payload: object) => admin.request('PUT', `/api/languages/${id}`, payload);
const remove = (id: string) => admin.request('DELETE', `/api/languages/${id}`);
/** A download of a Teevo edition in that language, as the statistics keep it. */
const addDownload = (languageName: string) =>
  app.db
    .insert(downloads)
    .values({ bookName: 'Teevo', languageName, year: 2025, month: 3, accountId: admin.account.id });

describe('GET /api/languages/getAll', () => {
  it('lists languages by name for anyone, in the wire shape', async () => {
    const swahili = await addLanguage('Swahili');
    await addLanguage('amharic');
    const response = await app.inject({ method: 'GET', url: '/api/languages/getAll' });
    expect(response.statusCode).toBe(200);
    const names = response.json().map((l: { name: string }) => l.name);
    expect(names.indexOf('amharic')).toBeLessThan(names.indexOf('Swahili'));
    expect(response.json().find((l: { name: string }) => l.name === 'Swahili')).toEqual({
      id: swahili.id,
      _id: swahili.id,
      name: 'Swahili',
      code: null,
      createdAt: swahili.createdAt.toISOString(),
      updatedAt: swahili.updatedAt.toISOString(),
    });
  });
});

describe('POST /api/languages/create/', () => {
  it('creates a language with a trimmed name, also without the slash', async () => {
    const response = await create({ name: '  English ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'English' });
    expect(response.json()._id).toBe(response.json().id);
    expect((await create({ name: 'Twi' }, '/api/languages/create')).statusCode).toBe(201);
  });

  itRefusesBadNames(LANGUAGE_MESSAGES, { create, count: languageCount, taken: 'ENGLISH' });
});

describe('PUT /api/languages/:id', () => {
  it('renames a language and carries the name over to its download statistics', async () => {
    const language = await addLanguage('Francais');
    await addDownload('Francais');
    const response = await rename(language.id, { name: 'Français' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: language.id, name: 'Français' });
    const counted = await app.db.select().from(downloads).where(eq(downloads.languageName, 'Français'));
    expect(counted).toHaveLength(1);
  });

  it('allows a change of case of its own name', async () => {
    const language = await addLanguage('yoruba');
    const response = await rename(language.id, { name: 'Yoruba' });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Yoruba');
  });

  it('refuses the name of another language (409) and changes nothing', async () => {
    await addLanguage('Hausa');
    const language = await addLanguage('Igbo');
    await addDownload('Igbo');
    expectMessage(await rename(language.id, { name: 'hausa' }), 409, LANGUAGE_MESSAGES.nameTaken);
    const [stored] = await app.db.select().from(languages).where(eq(languages.id, language.id));
    expect(stored?.name).toBe('Igbo');
    expect(await app.db.select().from(downloads).where(eq(downloads.languageName, 'Igbo'))).toHaveLength(1);
  });

  it('answers 400 for an empty name and 404 for unknown ids', async () => {
    const language = await addLanguage('Ewe');
    expectMessage(await rename(language.id, { name: '' }), 400, LANGUAGE_MESSAGES.nameRequired);
    for (const id of [UNKNOWN_ID, 'nonsense']) {
      expectMessage(await rename(id, { name: 'Whatever' }), 404, LANGUAGE_MESSAGES.languageNotFound);
    }
  });
});

describe('DELETE /api/languages/:id', () => {
  it('deletes an unused language', async () => {
    const language = await addLanguage('Unused');
    expectMessage(await remove(language.id), 200, LANGUAGE_MESSAGES.deleted);
    expect(await app.db.select().from(languages).where(eq(languages.id, language.id))).toHaveLength(0);
  });

  it('refuses a language that files use (409), naming a few of them', async () => {
    const language = await addLanguage('Zulu');
    await addEditionRecord(app, { book: 'Teevo', languageId: language.id, year: 2025, month: 3 });
    const response = await remove(language.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody(languageInUseMessage([{ book: 'Teevo', year: 2025, month: 3 }], 1)));
    expect(response.json().message).toContain('Teevo March 2025');
    expect(await app.db.select().from(languages).where(eq(languages.id, language.id))).toHaveLength(1);
  });

  it('names at most three files and counts the rest', async () => {
    const language = await addLanguage('Xhosa');
    for (const month of [1, 2, 3, 4, 5]) {
      await addEditionRecord(app, { book: 'Take5', languageId: language.id, year: 2024, month });
    }
    const response = await remove(language.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Take5 January 2024, Take5 February 2024, Take5 March 2024 and 2 more');
  });

  it.each([UNKNOWN_ID, 'nonsense'])('answers 404 for %s', async (id) => {
    expectMessage(await remove(id), 404, LANGUAGE_MESSAGES.languageNotFound);
  });
});
