import { DAY_MESSAGES, type EditionDays } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { admin, app, useAdminApp } from '../../../../test/admin-app.ts';
import { expectMessage, loginAs } from '../../../../test/app.ts';
import { uploadEdition } from '../../../../test/files.ts';
import { editionPages, languages } from '../../../db/schema.ts';
import { workOnDays } from './jobs.ts';
import { DAYS_BACKFILL_QUEUE, DAYS_QUEUE, mapEdition } from './service.ts';

let user: Awaited<ReturnType<typeof loginAs>>;

useAdminApp();
beforeAll(async () => {
  await app.db.insert(languages).values([
    { name: 'English', code: 'en' },
    { name: 'Français', code: 'fr' },
    { name: 'Español', code: 'es' },
    { name: 'Português', code: 'pt' },
    { name: 'Kiswahili', code: 'sw' },
  ]);
  user = await loginAs(app, 'User');
});

/** A PDF whose pages carry these lines from the top; a page without lines has only a drawn rectangle. */
async function editionPdf(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([420, 595]);
    if (lines.length === 0) page.drawRectangle({ x: 40, y: 40, width: 340, height: 515, color: rgb(0.6, 0.7, 0.9) });
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 40, y: 550 - i * 20, size: 12, font });
  }
  return Buffer.from(await pdf.save());
}

const reading = ['Read Psalm 23.', 'The Lord is my shepherd; I shall not want.', 'Pray for your friends today.'];
/** Month `month` of 2026 with day `d`'s heading on its first page, and `perDay - 1` pages of reading after. */
const monthPages = (days: number, heading: (day: number) => string, perDay = 1) =>
  Array.from({ length: days }, (_, i) => [
    [heading(i + 1), ...reading],
    ...Array.from({ length: perDay - 1 }, () => reading),
  ]).flat();

async function upload(language: string, month: number, pages: string[][]) {
  const fields = { book: 'Teevo', language, year: '2026', month: String(month) };
  const response = await uploadEdition(app, admin.headers, fields, { name: 'e.pdf', data: await editionPdf(pages) });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

/** The text kept of each page of an edition. */
const textOf = async (id: string) =>
  (
    await app.db
      .select({ text: editionPages.text })
      .from(editionPages)
      .where(eq(editionPages.fileId, id))
      .orderBy(asc(editionPages.page))
  ).map(({ text }) => text);

const daysOf = async (id: string) => (await user.request('GET', `/api/editions/${id}/days`)).json() as EditionDays;

/** The edition's day map once its job has read it. */
/** An October of two pages a day, mapped from its headings, and a member who counts their downloads. */
async function octoberOfTwoPagesADay() {
  const id = await upload(
    'English',
    10,
    monthPages(31, (d) => `October ${d}`, 2),
  );
  await mapped(id);
  const member = await loginAs(app, 'User');
  const downloads = async () => (await member.request('GET', '/api/stats/mine')).json().total as number;
  return { id, member, downloads };
}

async function mapped(id: string) {
  return vi.waitFor(
    async () => {
      const days = await daysOf(id);
      expect(days.source).not.toBe('pending');
      return days;
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** Day -> page for days 1..`count`, day `d` on `first + (d - 1) * per`. */
const everyDay = (count: number, first: number, per: number) =>
  Array.from({ length: count }, (_, i) => ({ day: i + 1, page: first + i * per }));

describe('the days of an edition', () => {
  it('one day per page, found by its headings day by day', async () => {
    const id = await upload(
      'English',
      11,
      monthPages(30, (d) => `Friday, November ${d}`),
    );
    expect(await mapped(id)).toEqual({ source: 'headings', scanned: false, days: everyDay(30, 1, 1), pageCount: 30 });
    expect((await admin.request('GET', '/api/editions/days')).json()).toContainEqual({
      id,
      source: 'headings',
      found: 30,
      of: 30,
    });
    expect((await user.request('GET', '/api/editions/days')).statusCode).toBe(403);
    const text = await textOf(id);
    expect(text).toHaveLength(30);
    expect(text[26]).toBe(['Friday, November 27', ...reading].join('\n'));
  });

  it.each([
    ['Français', 1, 31, (d: number) => `Jeudi ${d === 1 ? '1er' : d} janvier`],
    ['Español', 2, 28, (d: number) => `Día ${d}`],
    ['Português', 3, 31, (d: number) => `${d} de março`],
    ['Kiswahili', 4, 30, (d: number) => `Jumatano, ${d} Aprili`],
    ['English', 5, 31, (d: number) => `${d} May`],
  ])('two pages per day, headings in %s', async (language, month, count, heading) => {
    const id = await upload(language, month, monthPages(count, heading, 2));
    expect(await mapped(id)).toMatchObject({ source: 'headings', days: everyDay(count, 1, 2), pageCount: count * 2 });
  });

  it('a cover and an introduction come before day 1', async () => {
    const front = [
      ['Teevo', 'June 2026'],
      ['Introduction', 'Welcome to June 2026: on June 30 we close the term.'],
    ];
    const id = await upload('English', 6, [...front, ...monthPages(30, (d) => `Day ${d}`)]);
    expect((await mapped(id)).days).toEqual(everyDay(30, 3, 1));
  });

  it('no dates: none; no text layer: scanned, its days still set by page', async () => {
    const undated = await upload(
      'English',
      7,
      Array.from({ length: 31 }, () => reading),
    );
    expect(await mapped(undated)).toEqual({ source: 'none', scanned: false, days: [], pageCount: 31 });
    const found = (await admin.request('GET', '/api/editions/days')).json();
    expect(found).toContainEqual({ id: undated, source: 'none', found: 0, of: 31 });

    const scanned = await upload('English', 8, [[], [], []]);
    expect(await mapped(scanned)).toEqual({ source: 'none', scanned: true, days: [], pageCount: 3 });
    const set = await admin.request('PUT', `/api/editions/${scanned}/days`, {
      days: [
        { day: 2, page: 3 },
        { day: 1, page: 2 },
      ],
    });
    expect(set.json()).toEqual({
      source: 'admin',
      scanned: true,
      days: [
        { day: 1, page: 2 },
        { day: 2, page: 3 },
      ],
      pageCount: 3,
    });
  });

  it('an admin corrects the map; wrong days and pages are refused; members only read it', async () => {
    const id = await upload(
      'English',
      9,
      monthPages(30, (d) => `September ${d}`, 2),
    );
    await mapped(id);
    const put = (body: object) => admin.request('PUT', `/api/editions/${id}/days`, body);

    const corrected = await put({ firstPage: 3, pagesPerDay: 2 });
    expect(corrected.statusCode).toBe(200);
    // Day 30 would begin on page 61, after the last.
    expect(corrected.json()).toMatchObject({ source: 'admin', days: everyDay(29, 3, 2) });
    expect(await daysOf(id)).toMatchObject({ source: 'admin', days: everyDay(29, 3, 2) });

    expectMessage(await put({ days: [{ day: 31, page: 1 }] }), 400, DAY_MESSAGES.dayInvalid);
    expectMessage(await put({ days: [{ day: 1, page: 61 }] }), 400, DAY_MESSAGES.pageInvalid);
    expectMessage(await put({ days: [{ day: 1, page: 0 }] }), 400, `days.0.page: ${DAY_MESSAGES.pageInvalid}`);
    expect(
      (
        await put({
          days: [
            { day: 1, page: 1 },
            { day: 1, page: 2 },
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    expect((await user.request('PUT', `/api/editions/${id}/days`, { firstPage: 1, pagesPerDay: 1 })).statusCode).toBe(
      403,
    );
    expect((await user.request('GET', '/api/editions/00000000-0000-4000-8000-000000000000/days')).statusCode).toBe(404);
  });

  it('a day’s reading as text: its pages to the next day’s, counted as getting the edition', async () => {
    const { id, member, downloads } = await octoberOfTwoPagesADay();
    const before = await downloads();

    const day = await member.request('GET', `/api/editions/${id}/days/27`);
    expect(day.statusCode).toBe(200);
    expect(day.json()).toEqual({
      day: 27,
      firstPage: 53,
      lastPage: 54,
      pages: [
        { page: 53, text: ['October 27', ...reading].join('\n') },
        { page: 54, text: reading.join('\n') },
      ],
    });
    // The last day runs to the edition's last page.
    expect((await member.request('GET', `/api/editions/${id}/days/31`)).json()).toMatchObject({
      firstPage: 61,
      lastPage: 62,
    });
    // Read again within 10 minutes: one download.
    expect((await member.request('GET', `/api/editions/${id}/days/28`)).statusCode).toBe(200);
    expect(await downloads()).toBe(before + 1);

    await admin.request('PUT', `/api/editions/${id}/days`, { days: [{ day: 1, page: 1 }] });
    expectMessage(await member.request('GET', `/api/editions/${id}/days/2`), 404, DAY_MESSAGES.dayNotMapped);
    expect((await member.request('GET', `/api/editions/${id}/days/40`)).statusCode).toBe(400);
    expect((await app.inject({ url: `/api/editions/${id}/days/1` })).statusCode).toBe(401);
  });

  it('once read, an edition is found by its text in the File List, whose kept lists are cleared', async () => {
    const listed = async () =>
      ((await admin.request('GET', '/api/editions?search=shepherd&rows=100')).json().items as { id: string }[]).map(
        ({ id }) => id,
      );
    const before = await listed();
    const id = await upload(
      'English',
      3,
      monthPages(31, (d) => `March ${d}`),
    );
    // Asked while its pages are being read: that list is kept until the reading clears it.
    await listed();
    await mapped(id);
    // The reading clears the lists just after its map is stored.
    await vi.waitFor(async () => expect((await listed()).sort()).toEqual([...before, id].sort()));
  });

  it('the month’s text in one answer, each day as its own address answers it, and not counted', async () => {
    const { id, member, downloads } = await octoberOfTwoPagesADay();
    const before = await downloads();

    const month = await member.request('GET', `/api/editions/${id}/text`);
    expect(month.statusCode).toBe(200);
    const { days } = month.json() as { days: unknown[] };
    expect(days).toHaveLength(31);
    expect(days[26]).toEqual((await member.request('GET', `/api/editions/${id}/days/27`)).json());
    expect(days[30]).toMatchObject({ day: 31, firstPage: 61, lastPage: 62 });
    // Only the day read counts; keeping the month's text is not reading it.
    expect(await downloads()).toBe(before + 1);

    await admin.request('PUT', `/api/editions/${id}/days`, { days: [{ day: 2, page: 3 }] });
    expect((await member.request('GET', `/api/editions/${id}/text`)).json()).toEqual({
      days: [{ day: 2, firstPage: 3, lastPage: 62, pages: expect.any(Array) }],
    });
    const none = await upload('English', 11, [['no dates here']]);
    await mapped(none);
    expect((await member.request('GET', `/api/editions/${none}/text`)).json()).toEqual({ days: [] });
    expect((await app.inject({ url: `/api/editions/${id}/text` })).statusCode).toBe(401);
    expect((await member.request('GET', '/api/editions/00000000-0000-4000-8000-000000000000/text')).statusCode).toBe(
      404,
    );
  });

  it('a replaced edition is mapped again, an admin’s map with it', async () => {
    const id = await upload(
      'English',
      10,
      monthPages(31, (d) => `October ${d}`),
    );
    await mapped(id);
    await admin.request('PUT', `/api/editions/${id}/days`, { firstPage: 5, pagesPerDay: 1 });
    expect(
      await upload(
        'English',
        10,
        monthPages(31, (d) => `October ${d}`, 2),
      ),
    ).toBe(id);
    expect(await mapped(id)).toEqual({ source: 'headings', scanned: false, days: everyDay(31, 1, 2), pageCount: 62 });
    expect(await textOf(id)).toHaveLength(62);
  });

  it('the upload is answered before its pages are read; editions never read are read once at start', async () => {
    await app.jobs.offWork(DAYS_QUEUE);
    const id = await upload(
      'English',
      12,
      monthPages(31, (d) => `December ${d}`),
    );
    const other = await upload(
      'English',
      2,
      monthPages(28, (d) => `February ${d}`),
    );
    expect(await daysOf(id)).toEqual({ source: 'pending', scanned: false, days: [], pageCount: null });
    // An admin may set the days before the reading: their map stays, the reading still comes.
    await admin.request('PUT', `/api/editions/${other}/days`, { firstPage: 1, pagesPerDay: 1 });
    // As if stored before the day maps came: no job of their own, only the run at start finds them.
    await app.jobs.deleteQueuedJobs(DAYS_QUEUE);
    await app.jobs.send(DAYS_BACKFILL_QUEUE, {});
    await workOnDays(app);
    expect((await mapped(id)).days).toEqual(everyDay(31, 1, 1));
    await vi.waitFor(async () => expect((await daysOf(other)).pageCount).toBe(28), { timeout: 30_000, interval: 100 });
    expect(await daysOf(other)).toEqual({ source: 'admin', scanned: false, days: everyDay(28, 1, 1), pageCount: 28 });
    // Queued again (the run at start found it unread while its upload's job was on its way): not read twice.
    const open = app.storage.open;
    let opened = 0;
    app.storage.open = (key) => {
      opened += 1;
      return open(key);
    };
    try {
      await mapEdition(app, id);
      expect(opened).toBe(0);
    } finally {
      app.storage.open = open;
    }
  });
});
