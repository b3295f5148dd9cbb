import { CHURCH_MESSAGES, churchHasMembersMessage, MAX_CHURCH_ALLOCATION } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, app, UNKNOWN_ID, useAdminApp } from '../../../test/admin-app.ts';
import { createTestAccount, expectMessage } from '../../../test/app.ts';
import { accounts, churches } from '../../db/schema.ts';

useAdminApp();

const churchCount = async () => (await app.db.select({ id: churches.id }).from(churches)).length;

async function addChurch(name: string, country = 'Ghana', allocation = 10) {
  const [church] = await app.db.insert(churches).values({ name, country, allocation }).returning();
  return church as typeof churches.$inferSelect;
}

const create = (payload: object, url = '/api/church/create/') => admin.request('POST', url, payload);
const getById = (id: string) => admin.request('GET', `/api/church/getById/${id}`);
const update = (id: string, payload: object) => admin.request('PUT', `/api/church/update/${id}`, payload);
const remove = (id: string) => admin.request('DELETE', `/api/church/delete/${id}`);

describe('GET /api/church/getAll', () => {
  it('lists churches by country and name for anyone, in the wire shape', async () => {
    const church = await addChurch('Zion Chapel', 'Kenya', 4);
    await addChurch('Bethel', 'Kenya');
    const response = await app.inject({ method: 'GET', url: '/api/church/getAll' });
    expect(response.statusCode).toBe(200);
    const listed = response.json() as { name: string; country: string }[];
    const kenyan = listed.filter((c) => c.country === 'Kenya').map((c) => c.name);
    expect(kenyan).toEqual(['Bethel', 'Zion Chapel']);
    expect(listed.find((c) => c.name === 'Zion Chapel')).toEqual({
      id: church.id,
      _id: church.id,
      name: 'Zion Chapel',
      country: 'Kenya',
      allocation: 4,
      createdAt: church.createdAt.toISOString(),
      updatedAt: church.updatedAt.toISOString(),
    });
  });
});

describe('GET /api/church/getById/:id', () => {
  it('answers one church', async () => {
    const church = await addChurch('Getter Church');
    const response = await getById(church.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: church.id, name: 'Getter Church', country: 'Ghana' });
  });

  it.each([UNKNOWN_ID, 'not-a-uuid'])('answers 404 for %s', async (id) => {
    expectMessage(await getById(id), 404, CHURCH_MESSAGES.churchNotFound);
  });
});

describe('POST /api/church/create/', () => {
  it('creates a church, with the country spelled as the country list has it, also without the slash', async () => {
    const response = await create({ name: '  Grace Chapel ', country: 'ghana', allocation: '25' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Grace Chapel', country: 'Ghana', allocation: 25 });
    expect(response.json()._id).toBe(response.json().id);
    const other = await create({ name: 'Hope Church', country: 'Ghana', allocation: 0 }, '/api/church/create');
    expect(other.statusCode).toBe(201);
  });

  it('refuses a name already used in the country, whatever its case (409)', async () => {
    const before = await churchCount();
    expectMessage(
      await create({ name: 'GRACE CHAPEL', country: 'Ghana', allocation: 1 }),
      409,
      CHURCH_MESSAGES.nameTaken,
    );
    expect(await churchCount()).toBe(before);
  });

  it('allows the same name in another country', async () => {
    const response = await create({ name: 'Grace Chapel', country: 'Nigeria', allocation: 1 });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['no country', { country: '' }, CHURCH_MESSAGES.countryRequired],
    ['a missing country', { country: undefined }, CHURCH_MESSAGES.countryRequired],
    ['no name', { name: '   ' }, CHURCH_MESSAGES.nameRequired],
    ['a missing name', { name: undefined }, CHURCH_MESSAGES.nameRequired],
    ['no allocation', { allocation: '' }, CHURCH_MESSAGES.allocationRequired],
    ['a missing allocation', { allocation: undefined }, CHURCH_MESSAGES.allocationRequired],
    ['a negative allocation', { allocation: -1 }, CHURCH_MESSAGES.allocationInvalid],
    ['a fractional allocation', { allocation: 1.5 }, CHURCH_MESSAGES.allocationInvalid],
    ['a text allocation', { allocation: 'many' }, CHURCH_MESSAGES.allocationInvalid],
    ['an allocation in exponent notation', { allocation: '1e3' }, CHURCH_MESSAGES.allocationInvalid],
    ['a huge allocation', { allocation: MAX_CHURCH_ALLOCATION + 1 }, CHURCH_MESSAGES.allocationInvalid],
    ['a country not on the list', { country: 'Atlantis' }, CHURCH_MESSAGES.unknownCountry],
    ['a NUL in the name', { name: 'Grace\u0000Chapel' }, 'name: must not contain control characters'],
    ['a NUL in the country', { country: 'Gha\u0000na' }, 'country: must not contain control characters'],
  ])('refuses %s with its message (400) and creates nothing', async (_case, change, message) => {
    const before = await churchCount();
    expectMessage(await create({ name: 'Refused Church', country: 'Ghana', allocation: 3, ...change }), 400, message);
    expect(await churchCount()).toBe(before);
  });
});

describe('PUT /api/church/update/:id', () => {
  it('changes country, name and allocation, ignoring the read-only fields a client sends back', async () => {
    const church = await addChurch('Old Name');
    const response = await update(church.id, {
      _id: 'ignored',
      createdAt: 'ignored',
      name: 'New Name',
      country: 'Kenya',
      allocation: 7,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: church.id, name: 'New Name', country: 'Kenya', allocation: 7 });
    const [stored] = await app.db.select().from(churches).where(eq(churches.id, church.id));
    expect(stored).toMatchObject({ name: 'New Name', country: 'Kenya', allocation: 7 });
  });

  it('allows changing only the case of its own name', async () => {
    const church = await addChurch('case church');
    const response = await update(church.id, { name: 'Case Church', country: 'Ghana', allocation: 10 });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Case Church');
  });

  it('refuses a name another church of the country has (409) and changes nothing', async () => {
    await addChurch('Taken Name', 'Uganda');
    const church = await addChurch('Free Name', 'Uganda');
    const response = await update(church.id, { name: 'taken name', country: 'Uganda', allocation: 1 });
    expectMessage(response, 409, CHURCH_MESSAGES.nameTaken);
    const [stored] = await app.db.select().from(churches).where(eq(churches.id, church.id));
    expect(stored?.name).toBe('Free Name');
  });

  it('answers 400 naming the problem, and 404 for unknown ids', async () => {
    const church = await addChurch('Validated Church');
    const bad = await update(church.id, { name: 'Validated Church', country: 'Ghana' });
    expectMessage(bad, 400, CHURCH_MESSAGES.allocationRequired);
    for (const id of [UNKNOWN_ID, 'nonsense']) {
      const response = await update(id, { name: 'X', country: 'Ghana', allocation: 1 });
      expectMessage(response, 404, CHURCH_MESSAGES.churchNotFound);
    }
  });
});

describe('DELETE /api/church/delete/:id', () => {
  const stored = async (id: string) => app.db.select().from(churches).where(eq(churches.id, id));

  it('deletes a church no account belongs to', async () => {
    const church = await addChurch('Empty Church');
    expectMessage(await remove(church.id), 200, CHURCH_MESSAGES.deleted);
    expect(await stored(church.id)).toHaveLength(0);
  });

  it('refuses a church accounts belong to (409), naming how many, and changes nothing', async () => {
    const church = await addChurch('Busy Church');
    const members = [await createTestAccount(app, { churchId: church.id })];
    expectMessage(await remove(church.id), 409, churchHasMembersMessage(1));
    expect(churchHasMembersMessage(1).message).toBe('This church has 1 member: move them to another church first.');
    members.push(
      await createTestAccount(app, { churchId: church.id }),
      await createTestAccount(app, { churchId: church.id }),
    );
    const refused = await remove(church.id);
    expectMessage(refused, 409, churchHasMembersMessage(3));
    expect(refused.json().message).toBe('This church has 3 members: move them to another church first.');
    expect(await stored(church.id)).toHaveLength(1);
    const ids = members.map(({ account }) => account.id);
    const kept = await app.db.select({ churchId: accounts.churchId }).from(accounts).where(inArray(accounts.id, ids));
    expect(kept).toEqual(ids.map(() => ({ churchId: church.id })));
  });

  it('deletes the church once its members have moved to another', async () => {
    const church = await addChurch('Moving Church');
    const other = await addChurch('Receiving Church');
    const { account } = await createTestAccount(app, { churchId: church.id });
    const moved = await admin.request('POST', '/api/accounts/church', { ids: [account.id], churchId: other.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expectMessage(await remove(church.id), 200, CHURCH_MESSAGES.deleted);
    expect(await stored(church.id)).toHaveLength(0);
  });

  it('and a move into the church at the same moment: one goes first, and no account is left without a church', async () => {
    for (let round = 0; round < 5; round++) {
      const church = await addChurch(`Contested Church ${round}`);
      const { account } = await createTestAccount(app);
      const [moved, deleted] = await Promise.all([
        admin.request('POST', '/api/accounts/church', { ids: [account.id], churchId: church.id }),
        remove(church.id),
      ]);
      const [member] = await app.db
        .select({ churchId: accounts.churchId })
        .from(accounts)
        .where(eq(accounts.id, account.id));
      const outcome = [moved.statusCode, deleted.statusCode, member?.churchId];
      expect([
        [200, 409, church.id],
        [400, 200, null],
      ]).toContainEqual(outcome);
    }
  });

  it.each([UNKNOWN_ID, 'nonsense'])('answers 404 for %s', async (id) => {
    expectMessage(await remove(id), 404, CHURCH_MESSAGES.churchNotFound);
  });
});
