import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin, app, useAdminApp } from '../../test/admin-app.ts';
import { loginAs, type TestApp } from '../../test/app.ts';
import { uploadCountries } from '../../test/countries.ts';
import { createScratchDatabase } from '../../test/database.ts';
import { edition, uploadEdition } from '../../test/files.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';

useAdminApp();

/** The names a public list answers now. */
const names = async (url: string) => {
  const response = await app.inject({ url });
  expect(response.statusCode).toBe(200);
  return (response.json() as { name?: string; country?: string }[]).map((each) => each.name ?? each.country);
};
const write = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await admin.request(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as { id: string };
};

describe('the public lists kept in memory', () => {
  it('are answered compressed with an ETag, and 304 while they are unchanged', async () => {
    const first = await app.inject({ url: '/api/countries', headers: { 'accept-encoding': 'gzip, br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('Accept-Encoding');
    const etag = first.headers.etag as string;
    const again = await app.inject({ url: '/api/countries', headers: { 'if-none-match': `W/${etag}` } });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ url: '/api/countries' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(JSON.parse(plain.body));
    expect(plain.headers.etag).toBe(etag);
  });

  it('show every add, rename and delete of a language at once', async () => {
    expect(await names('/api/languages')).not.toContain('Ewe');
    const ewe = await write('POST', '/api/languages', { name: 'Ewe' });
    expect(await names('/api/languages')).toContain('Ewe');
    await write('PUT', `/api/languages/${ewe.id}`, { name: 'Eʋegbe' });
    expect(await names('/api/languages/getAll')).toEqual(expect.arrayContaining(['Eʋegbe']));
    expect(await names('/api/languages')).not.toContain('Ewe');
    await write('DELETE', `/api/languages/${ewe.id}`);
    expect(await names('/api/languages')).not.toContain('Eʋegbe');
  });

  it('show every add and rename of a book at once', async () => {
    await names('/api/books');
    const book = await write('POST', '/api/books', { name: 'Pathfinder' });
    expect(await names('/api/books')).toContain('Pathfinder');
    await write('PUT', `/api/books/${book.id}`, { name: 'Pathfinders' });
    expect(await names('/api/books')).toEqual(expect.arrayContaining(['Pathfinders']));
    expect(await names('/api/books')).not.toContain('Pathfinder');
  });

  it('show every add, rename and delete of a church at once', async () => {
    await names('/api/churches');
    const church = await write('POST', '/api/churches', { name: 'Grace Chapel', country: 'Ghana', allocation: 5 });
    expect(await names('/api/churches')).toContain('Grace Chapel');
    await write('PUT', `/api/churches/${church.id}`, { name: 'Grace Temple', country: 'Ghana', allocation: 5 });
    expect(await names('/api/churches')).toContain('Grace Temple');
    await write('DELETE', `/api/churches/${church.id}`);
    expect(await names('/api/churches')).not.toContain('Grace Temple');
  });

  it('show a new country list at once', async () => {
    expect(await names('/api/countries')).toContain('Ghana');
    const response = await uploadCountries(app, admin.headers, JSON.stringify(['Atlantis', 'Lemuria']));
    expect(response.statusCode).toBe(200);
    expect(await names('/api/countries')).toEqual(['Atlantis', 'Lemuria']);
  });

  it('show a month’s new edition language at once, and its deletion', async () => {
    await write('POST', '/api/languages', { name: 'Twi' });
    const month = `/api/editions/languages?book=Teevo&year=${edition.year}&month=${edition.month}`;
    const languages = async () => {
      const response = await admin.request('GET', month);
      expect(response.headers.etag).toBeDefined();
      return (response.json() as { book_language: string }[]).map((each) => each.book_language);
    };
    expect(await languages()).not.toContain('Twi');
    const uploaded = await uploadEdition(app, admin.headers, { ...edition, language: 'Twi' });
    expect(uploaded.statusCode).toBe(201);
    expect(await languages()).toContain('Twi');
    await write('DELETE', `/api/file/delete/${(uploaded.json() as { id: string }).id}`);
    expect(await languages()).not.toContain('Twi');
  });
});

describe.runIf(process.env.DATABASE_URL)('the lists of several instances on one PostgreSQL', () => {
  it('show a write made through one instance through the others at once', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL as string);
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'portal-')) });
    const instances = await Promise.all(
      [1, 2].map(async () => buildApp(config, { database: await openDatabase({ databaseUrl: scratch.url }) })),
    );
    const [a, b] = instances as [TestApp, TestApp];
    try {
      const staff = await loginAs(a, 'Admin');
      const listed = async (instance: TestApp) =>
        ((await instance.inject({ url: '/api/languages' })).json() as { name: string }[]).map((each) => each.name);
      expect(await listed(b)).toEqual([]);
      const created = await a.inject({
        method: 'POST',
        url: '/api/languages',
        headers: staff.headers,
        payload: { name: 'Ewe' },
      });
      expect(created.statusCode, created.body).toBe(201);
      // The word goes from PostgreSQL to each instance on its own connection: milliseconds, not a request.
      await expect.poll(() => listed(b), { timeout: 2_000, interval: 20 }).toEqual(['Ewe']);
      await a.inject({
        method: 'PUT',
        url: `/api/languages/${created.json().id}`,
        headers: staff.headers,
        payload: { name: 'Eʋegbe' },
      });
      await expect.poll(() => listed(b), { timeout: 2_000, interval: 20 }).toEqual(['Eʋegbe']);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await scratch.drop();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});
