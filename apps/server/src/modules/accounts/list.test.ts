import { ACCOUNT_SORT_FIELDS, type Account } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, loginAs, nextAddress, type TestApp } from '../../../test/app.ts';
import { accounts, churches } from '../../db/schema.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
let total: number;

/** 30 members with known names, created a minute apart: person 1 is the oldest. */
beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, 'Admin');
  const [grace] = await app.db.insert(churches).values({ name: 'Grace Chapel', country: 'Ghana' }).returning();
  const start = Date.UTC(2024, 0, 1);
  await app.db.insert(accounts).values(
    Array.from({ length: 30 }, (_, index) => ({
      firstName: index === 0 ? 'Ama' : `First${String(index + 1).padStart(2, '0')}`,
      lastName: `Last${String(30 - index).padStart(2, '0')}`,
      email: index === 1 ? 'fifty%off@example.org' : `member${index + 1}@example.org`,
      passwordHash: 'not a real hash',
      country: index % 3 === 0 ? 'Ghana' : index % 3 === 1 ? 'Kenya' : null,
      churchId: index % 2 === 0 ? grace?.id : null,
      verifiedAt: index % 5 === 0 ? null : new Date(start),
      createdAt: new Date(start + index * 60_000),
    })),
  );
  total = (await app.db.select({ id: accounts.id }).from(accounts)).length;
});
afterAll(() => app.close());

async function list(query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/accounts/list?${query}`, headers: admin.headers });
  return {
    status: response.statusCode,
    body: response.json() as { items: Account[]; total: number; message?: string },
  };
}

describe('GET /api/accounts/list', () => {
  it('answers the newest 10 and the total by default, without secrets', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBe(total);
    expect(body.items).toHaveLength(10);
    const created = body.items.map((a) => a.created);
    expect(created).toEqual([...created].sort().reverse());
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|not a real hash/);
  });

  it('pages with first and rows, without overlaps', async () => {
    const sort = 'sortField=lastName&sortOrder=1';
    const pages = [await list(`first=0&rows=5&${sort}`), await list(`first=5&rows=5&${sort}`)];
    const ids = pages.flatMap((page) => page.body.items.map((a) => a.id));
    const firstTen = (await list(`first=0&rows=10&${sort}`)).body.items.map((a) => a.id);
    expect(ids).toEqual(firstTen);
    expect(new Set(ids).size).toBe(10);
    const beyond = await list(`first=${total}&rows=5`);
    expect(beyond.body).toEqual({ items: [], total });
  });

  it('sorts on the chosen column in either direction', async () => {
    const ascending = await list('sortField=firstName&sortOrder=1&rows=100');
    const names = ascending.body.items.map((a) => a.firstName);
    expect(names).toEqual([...names].sort());
    const oldest = await list('sortField=created&sortOrder=1&rows=5');
    expect(oldest.body.items[0]?.firstName).toBe('Ama');
  });

  it('puts accounts without a church or country last in both directions', async () => {
    for (const order of [1, -1]) {
      const { body } = await list(`sortField=churchName&sortOrder=${order}&rows=100`);
      const withChurch = body.items.filter((a) => a.churchName !== null).length;
      expect(body.items.slice(0, withChurch).every((a) => a.churchName === 'Grace Chapel')).toBe(true);
      expect(body.items.slice(withChurch).every((a) => a.churchName === null)).toBe(true);
    }
    const { body } = await list('sortField=country&sortOrder=-1&rows=100');
    expect(body.items[0]?.country).toBe('Kenya');
    expect(body.items.at(-1)?.country).toBeNull();
  });

  it.each([
    ['a first name', 'ama', 1],
    ['a last name', 'LAST07', 1],
    ['an e-mail', 'member3@', 1],
    ['a country', 'kenya', 10],
    ['a church name', 'grace', 15],
    ['every word somewhere', 'ama ghana grace', 1],
    ['a % taken literally', 'fifty%off', 1],
    ['an _ taken literally', 'member_', 0],
  ])('searches by %s', async (_case, search, count) => {
    const { status, body } = await list(`search=${encodeURIComponent(search)}&rows=100`);
    expect(status).toBe(200);
    expect(body.total).toBe(count);
    expect(body.items).toHaveLength(count);
  });

  it('finds a country by its name in the interface language, counted apart from the same words without it', async () => {
    expect((await list('search=kenia&rows=100')).body.total).toBe(0);
    const { status, body } = await list('search=kenia&locale=es&rows=100');
    expect(status).toBe(200);
    expect(body.total).toBe(10);
    expect(body.items.every((account) => account.country === 'Kenya')).toBe(true);
    // The English name still finds it in every language, and the other words still have to match.
    expect((await list('search=kenya&locale=es&rows=100')).body.total).toBe(10);
    expect((await list('search=kenia%20grace&locale=es&rows=100')).body.total).toBe(5);
  });

  it.each([
    ['locale=xx', 'locale'],
    ['rows=3', 'rows'],
    ['rows=101', 'rows'],
    ['first=-1', 'first'],
    ['sortField=passwordHash', 'sortField'],
    ['sortOrder=2', 'sortOrder'],
    ['search=Ama%00', 'search'],
  ])('refuses %s with a message naming the field (400)', async (query, field) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.message).toMatch(new RegExp(`^${field}: `));
  });
});

describe('GET /api/accounts/list, page after page', () => {
  /** The ids of every page of `size`, walked from the first. */
  async function walk(query: string, size: number) {
    const ids: string[] = [];
    for (let first = 0; first < total; first += size) {
      const { body } = await list(`${query}&first=${first}&rows=${size}`);
      expect(body.total).toBe(total);
      ids.push(...body.items.map((a) => a.id));
    }
    return ids;
  }

  it.each(ACCOUNT_SORT_FIELDS.flatMap((field) => [1, -1].map((order) => [field, order] as const)))(
    'sorted on %s (%i) lists each account once, the last pages (read from the end) as in one long page',
    async (field, order) => {
      const query = `sortField=${field}&sortOrder=${order}`;
      const pages = await walk(query, 5);
      const onePage = (await list(`${query}&rows=100`)).body.items.map((a) => a.id);
      expect(pages).toHaveLength(total);
      expect(pages).toEqual(onePage);
    },
  );

  it('answers the last page, short or whole, in its place', async () => {
    const all = (await list('rows=100&sortField=lastName&sortOrder=1')).body.items.map((a) => a.id);
    for (const [first, rows] of [
      [total - 1, 5],
      [total - 5, 5],
      [total - 7, 5],
      [Math.floor(total / 2), 5],
    ] as const) {
      const { body } = await list(`first=${first}&rows=${rows}&sortField=lastName&sortOrder=1`);
      expect(body.items.map((a) => a.id)).toEqual(all.slice(first, first + rows));
    }
  });
});

describe('GET /api/accounts/list, the total', () => {
  it('counts an account the moment it is added or deleted, by an admin or by signing up', async () => {
    const totalNow = async () => (await list('')).body.total;
    const before = await totalNow();
    const created = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: admin.headers,
      payload: {
        firstName: 'New',
        lastName: 'Person',
        email: 'new.person@example.org',
        password: 'Strong-pass-1',
        confirmPassword: 'Strong-pass-1',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await totalNow()).toBe(before + 1);
    // The verification mail is not the point here.
    vi.spyOn(app.mail, 'send').mockResolvedValue();
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/accounts/register',
      remoteAddress: nextAddress(),
      payload: {
        fullName: 'Signed Up',
        email: 'signed.up@example.org',
        password: 'Strong-pass-1',
        confirmPassword: 'Strong-pass-1',
        acceptTerms: true,
      },
    });
    expect(signedUp.statusCode).toBe(200);
    expect(await totalNow()).toBe(before + 2);
    for (const email of ['new.person@example.org', 'signed.up@example.org']) {
      const [account] = await app.db.select().from(accounts).where(eq(accounts.email, email));
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/accounts/${account?.id}`,
        headers: admin.headers,
      });
      expect(deleted.statusCode).toBe(200);
    }
    expect(await totalNow()).toBe(before);
  });

  it('counts a search again after any write that may change what it finds', async () => {
    const found = async () => (await list('search=zorro')).body.total;
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });
    expect(await found()).toBe(0);
    const created = await send('POST', '/api/accounts', {
      firstName: 'Zorro',
      lastName: 'Masked',
      email: 'masked@example.org',
      password: 'Strong-pass-1',
      confirmPassword: 'Strong-pass-1',
    });
    const { id } = created.json<Account>();
    expect(await found()).toBe(1);
    expect((await send('PUT', `/api/accounts/${id}`, { firstName: 'Diego' })).statusCode).toBe(200);
    expect(await found()).toBe(0);
    // Written straight into the database, as the migration command does.
    await app.db.update(accounts).set({ lastName: 'Zorro' }).where(eq(accounts.id, id));
    expect(await found()).toBe(1);
    const [grace] = await app.db.select().from(churches).where(eq(churches.name, 'Grace Chapel'));
    const rename = (name: string) =>
      send('PUT', `/api/churches/${grace?.id}`, { name, country: 'Ghana', allocation: 0 });
    expect((await rename('Zorro Hall')).statusCode).toBe(200);
    expect(await found()).toBe(16);
    expect((await rename('Grace Chapel')).statusCode).toBe(200);
    expect(await found()).toBe(1);
    expect((await send('DELETE', `/api/accounts/${id}`)).statusCode).toBe(200);
    expect(await found()).toBe(0);
  });
});

describe('GET /api/accounts/list, searching odd text', () => {
  beforeAll(async () => {
    const [church] = await app.db.insert(churches).values({ name: 'Église Saint-Jean', country: 'Benin' }).returning();
    await app.db.insert(accounts).values(
      [
        {
          firstName: 'José',
          lastName: 'Ñúñez',
          email: 'jose@example.org',
          country: "Côte d'Ivoire",
          churchId: church?.id,
        },
        { firstName: 'Zoë', lastName: "O'Brien", email: 'zoe@example.org', country: null },
        { firstName: 'Back', lastName: 'Path\\Name', email: 'back@example.org', country: 'Togo' },
        { firstName: 'Under_score', lastName: 'Per%cent', email: 'under@example.org', country: 'Togo' },
      ].map((account) => ({ ...account, passwordHash: 'not a real hash' })),
    );
  });

  it.each([
    ['an accented name in another case', 'JOSÉ', ['jose@example.org']],
    ['accented capitals', 'ñÚñ', ['jose@example.org']],
    ['accents as written, not folded', 'cote', []],
    ['a country with an apostrophe', "côte d'iv", ['jose@example.org']],
    ['a church name with accents', 'église', ['jose@example.org']],
    ['a backslash taken literally', '\\', ['back@example.org']],
    ['a backslash inside a word', 'h\\n', ['back@example.org']],
    ['an _ taken literally', '_', ['under@example.org']],
    ['a % taken literally', '%', ['fifty%off@example.org', 'under@example.org']],
    ['several words, any spaces between', "  zoë   o'brien ", ['zoe@example.org']],
    ['several words in several fields', 'jean ñúñez togo', []],
    ['several words, church and country', 'saint ivoire', ['jose@example.org']],
    ['not across two fields', 'joséñúñez', []],
    ['not across the e-mail and the country', 'orgtogo', []],
    ['a word of one letter', 'ë', ['zoe@example.org']],
  ])('finds %s', async (_case, search, emails) => {
    const { status, body } = await list(`search=${encodeURIComponent(search)}&rows=100`);
    expect(status).toBe(200);
    expect(body.items.map((a) => a.email).sort()).toEqual(emails);
    expect(body.total).toBe(emails.length);
  });
});
