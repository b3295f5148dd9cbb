import type { EditionDayText, ThisMonth } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubDeviceStorage } from '../../testing/cache-storage.ts';
import { edition } from '../../testing/editions.ts';
import { server } from '../../testing/server.ts';
import { session } from '../../testing/session.ts';
import { endSession, startSession } from '../session/session-store.ts';
import { forgetKeptText, keepMonthText, keptDay, keptTodayQuery } from './kept-text.ts';

const day = (n: number): EditionDayText => ({
  day: n,
  firstPage: n,
  lastPage: n,
  pages: [{ page: n, text: `March ${n}\nLine of day ${n}` }],
});

const TODAY = { day: 28, page: 28, lines: ['Line of day 28'] };
const thisMonth = (editions: ThisMonth['editions']): ThisMonth => ({
  year: 2026,
  month: 3,
  languages: ['English'],
  languageIds: ['en'],
  languageChoices: [],
  editions,
  nextMonth: { year: 2026, month: 4, files: [] },
});

let device: ReturnType<typeof stubDeviceStorage>;
const asked: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 28, 9) });
  device = stubDeviceStorage();
  asked.length = 0;
  server.use(
    http.get('/api/editions/:id/text', ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json({ days: [day(27), day(28)] });
    }),
  );
  startSession(session('token', { id: 'ama' }));
});
afterEach(() => {
  device.remove();
  endSession('signed-out');
  vi.useRealTimers();
});

const todayKept = () => new QueryClient().fetchQuery(keptTodayQuery);

describe('this month’s text kept on the device', () => {
  it('keeps the text of the editions with a day map, once per upload, and answers a day and today from it', async () => {
    const teevo = edition({ _id: 't' });
    await keepMonthText(
      thisMonth([
        { book: 'Teevo', language: 'English', file: teevo, today: TODAY },
        // No day map (no today): nothing to keep.
        { book: 'Take5', language: 'English', file: edition({ _id: 'x' }), today: null },
        { book: 'Other', language: 'English', file: null, today: null },
      ]),
    );
    expect(asked).toEqual(['t']);
    expect(await keptDay('t', 27)).toEqual(day(27));
    expect(await keptDay('t', 3)).toBeUndefined();
    expect(await keptDay('x', 27)).toBeUndefined();
    const [today, ...others] = await todayKept();
    expect(others).toEqual([]);
    expect(today?.entry).toMatchObject({ id: 't', book: 'Teevo', language: 'English', year: 2026, month: 3 });
    expect(today?.day).toEqual(day(28));

    // Asked again with the same upload: nothing fetched; replaced (a new upload time): kept again.
    await keepMonthText(thisMonth([{ book: 'Teevo', language: 'English', file: teevo, today: TODAY }]));
    expect(asked).toEqual(['t']);
    const replaced = { ...teevo, created: '2026-03-02T08:00:00.000Z' };
    await keepMonthText(thisMonth([{ book: 'Teevo', language: 'English', file: replaced, today: TODAY }]));
    expect(asked).toEqual(['t', 't']);
  });

  it('lets an edition no longer of this month go, shows only the device’s month, and keeps nothing for another account', async () => {
    await keepMonthText(thisMonth([{ book: 'Teevo', language: 'English', file: edition({ _id: 't' }), today: TODAY }]));
    vi.setSystemTime(new Date(2026, 3, 1, 9));
    expect(await todayKept()).toEqual([]);
    await keepMonthText(thisMonth([]));
    expect(await keptDay('t', 27)).toBeUndefined();

    await keepMonthText(thisMonth([{ book: 'Teevo', language: 'English', file: edition({ _id: 't' }), today: TODAY }]));
    startSession(session('token', { id: 'kofi' }));
    expect(await keptDay('t', 27)).toBeUndefined();
    expect(await todayKept()).toEqual([]);
  });

  it('keeps what it has when the server cannot be reached, and forgets everything on sign-out', async () => {
    await keepMonthText(thisMonth([{ book: 'Teevo', language: 'English', file: edition({ _id: 't' }), today: TODAY }]));
    server.use(http.get('/api/editions/:id/text', () => HttpResponse.error()));
    const other = edition({ _id: 'u', book_name: 'Take5' });
    await expect(
      keepMonthText(
        thisMonth([
          { book: 'Teevo', language: 'English', file: edition({ _id: 't' }), today: TODAY },
          { book: 'Take5', language: 'English', file: other, today: TODAY },
        ]),
      ),
    ).resolves.toBeUndefined();
    expect(await keptDay('t', 28)).toEqual(day(28));
    expect(await keptDay('u', 28)).toBeUndefined();
    await forgetKeptText();
    expect(await keptDay('t', 28)).toBeUndefined();
  });
});
