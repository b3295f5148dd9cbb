import { LANGUAGE_MESSAGES, type Language, type ThisMonth } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, loginAs, type TestApp } from '../../../test/app.ts';
import { addEditionRecord } from '../../../test/editions.ts';
import { accounts, languages, settings } from '../../db/schema.ts';
import { monthIn } from '../editions/this-month.ts';
import { matchLanguageCodesOnce } from './service.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
const now = monthIn('UTC');

beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, 'Admin');
});
afterAll(() => app.close());

async function addLanguage(body: object) {
  const response = await admin.request('POST', '/api/languages', body);
  expect(response.statusCode).toBe(201);
  return response.json() as Language;
}

type Member = Awaited<ReturnType<typeof loginAs>>;

async function memberSpeaking(locale: 'sw' | 'es' | null) {
  const member = await loginAs(app, 'User');
  await app.db.update(accounts).set({ locale }).where(eq(accounts.id, member.account.id));
  return member;
}

const homeOf = async (member: Member, query = '') => {
  const response = await member.request('GET', `/api/editions/this-month${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ThisMonth;
};
const mailLanguagesOf = async (member: Member) =>
  (await member.request('GET', '/api/notifications/choice')).json().languages as string[];

describe('ISO 639 codes of languages', () => {
  it('match a new language’s name when no code is given, in any of the portal’s languages or its own', async () => {
    const french = await addLanguage({ name: 'Français' });
    expect(french.code).toBe('fr');
    expect((await addLanguage({ name: 'Swahili' })).code).toBe('sw');
    // Kiswahili is sw too, which Swahili holds: no code rather than a clash.
    expect((await addLanguage({ name: 'Kiswahili' })).code).toBeNull();
    expect((await addLanguage({ name: 'Teen Pidgin' })).code).toBeNull();
  });

  it('are set, kept by a rename that does not name one (as the original API’s clients rename), and removed with null', async () => {
    const language = await addLanguage({ name: 'Chichewa', code: 'ny' });
    expect(language.code).toBe('ny');
    const rename = (body: object) => admin.request('PUT', `/api/languages/${language.id}`, body);
    expect((await rename({ name: 'Nyanja' })).json()).toMatchObject({ name: 'Nyanja', code: 'ny', _id: language.id });
    expect((await rename({ name: 'Nyanja', code: null })).json().code).toBeNull();
    const listed = (await app.inject({ url: '/api/languages/getAll' })).json() as Language[];
    expect(listed.find(({ id }) => id === language.id)).toEqual({
      ...language,
      name: 'Nyanja',
      code: null,
      updatedAt: expect.any(String),
    });
  });

  it('refuses a code outside the list (400) and one another language has (409)', async () => {
    expectMessage(
      await admin.request('POST', '/api/languages', { name: 'Klingon', code: 'tlh' }),
      400,
      `code: ${LANGUAGE_MESSAGES.codeUnknown}`,
    );
    const spanish = await addLanguage({ name: 'Castellano', code: 'es' });
    expectMessage(
      await admin.request('POST', '/api/languages', { name: 'Español', code: 'es' }),
      409,
      LANGUAGE_MESSAGES.codeTaken,
    );
    const other = await addLanguage({ name: 'Aragonese' });
    expectMessage(
      await admin.request('PUT', `/api/languages/${other.id}`, { name: 'Aragonese', code: 'es' }),
      409,
      LANGUAGE_MESSAGES.codeTaken,
    );
    expect(
      (await admin.request('PUT', `/api/languages/${spanish.id}`, { name: 'Castellano', code: 'es' })).statusCode,
    ).toBe(200);
  });

  it('are given once, at the first start with them, to the languages there were before, by name', async () => {
    const [older] = await app.db.insert(languages).values({ name: 'Portuguese' }).returning();
    await app.db.delete(settings).where(eq(settings.name, 'language-codes-matched'));
    await matchLanguageCodesOnce(app.db);
    const codeOf = async () =>
      (
        await app.db
          .select()
          .from(languages)
          .where(eq(languages.id, older?.id ?? ''))
      )[0]?.code;
    expect(await codeOf()).toBe('pt');
    // An admin removes it: the next start leaves it removed.
    await app.db
      .update(languages)
      .set({ code: null })
      .where(eq(languages.id, older?.id ?? ''));
    await matchLanguageCodesOnce(app.db);
    expect(await codeOf()).toBeNull();
  });
});

describe('a member’s edition languages: one rule for the home and the new-edition mail', () => {
  it('are, without choice or downloads, the interface’s language where editions exist in it, else the first added', async () => {
    const [swahili] = await app.db.select().from(languages).where(eq(languages.code, 'sw'));
    const [first] = await app.db.select().from(languages).orderBy(languages.createdAt).limit(1);
    if (!swahili || !first) throw new Error('languages missing');
    const member = await memberSpeaking('sw');
    // No Swahili edition yet: the first language added, on the home and in the mail.
    expect((await homeOf(member)).languages).toEqual([first.name]);
    expect(await mailLanguagesOf(member)).toEqual([first.id]);

    const teevo = await addEditionRecord(app, { book: 'Teevo', languageId: swahili.id, ...now });
    await addEditionRecord(app, { book: 'Teevo', languageId: first.id, ...now });
    const home = await homeOf(member);
    expect(home.languages).toEqual(['Swahili']);
    expect(home.editions.map(({ file }) => file?.id ?? null)).toEqual([teevo.id, null]);
    expect(await mailLanguagesOf(member)).toEqual([swahili.id]);

    // The interface's language, as the home names it, before the account's.
    expect((await homeOf(await memberSpeaking(null), '?locale=sw')).languages).toEqual(['Swahili']);
    expect((await homeOf(member, '?locale=en')).languages).toEqual([first.name]);
  });

  it('are those of the member’s downloads before the interface’s, and the ones they chose before either', async () => {
    const [swahili] = await app.db.select().from(languages).where(eq(languages.code, 'sw'));
    const [french] = await app.db.select().from(languages).where(eq(languages.code, 'fr'));
    if (!swahili || !french) throw new Error('languages missing');
    const read = await addEditionRecord(app, { book: 'Take5', languageId: french.id, year: 2025, month: 4 });
    const member = await memberSpeaking('sw');
    expect((await member.request('POST', '/api/downloads', { file: read.id })).statusCode).toBe(200);
    expect((await homeOf(member)).languages).toEqual(['Français']);
    expect(await mailLanguagesOf(member)).toEqual([french.id]);

    const choice = { enabled: false, books: null, languages: [swahili.id] };
    expect((await member.request('PUT', '/api/notifications/choice', choice)).statusCode).toBe(200);
    expect((await homeOf(member)).languages).toEqual(['Swahili']);
    expect(await mailLanguagesOf(member)).toEqual([swahili.id]);
  });

  it('give way on the home to the languages picked with its switch, among those this month has editions in', async () => {
    const [swahili] = await app.db.select().from(languages).where(eq(languages.code, 'sw'));
    const [first] = await app.db.select().from(languages).orderBy(languages.createdAt).limit(1);
    if (!swahili || !first) throw new Error('languages missing');
    const member = await memberSpeaking('sw');
    const home = await homeOf(member);
    expect(home.languageIds).toEqual([swahili.id]);
    // The member's own first, then the others by name.
    expect(home.languageChoices).toEqual([
      { id: swahili.id, name: 'Swahili' },
      { id: first.id, name: first.name },
    ]);
    const picked = await homeOf(member, `?languages=${first.id},not-an-id`);
    expect(picked).toMatchObject({ languages: [first.name], languageIds: [first.id] });
    // A pick this month has no edition in is no pick: the member's own languages show.
    const [noEditions] = await app.db.select().from(languages).where(eq(languages.name, 'Teen Pidgin'));
    expect((await homeOf(member, `?languages=${noEditions?.id}`)).languages).toEqual(['Swahili']);
  });
});
