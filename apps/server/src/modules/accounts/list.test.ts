import type { Account } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/app.ts';
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

  it.each([
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
