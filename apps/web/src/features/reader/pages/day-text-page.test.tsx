import { monthName } from '@portal/contract';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { textSizeChosen } from '../../../lib/editions/reading-memory.ts';
import { endSession, startSession } from '../../../lib/session/session-store.ts';
import { edition } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { session } from '../../../testing/session.ts';
import { DayTextPage } from './day-text-page.tsx';

const DAYS = [
  { day: 27, page: 53 },
  { day: 28, page: 55 },
  { day: 29, page: 57 },
];

beforeEach(() => {
  server.use(
    http.post('/api/accounts/refresh-token', () => HttpResponse.json(session('token'))),
    http.get('/api/files/:id', () => HttpResponse.json(edition({ book_month: monthName(11), book_year: 2026 }))),
    http.get('/api/editions/:id/days', () =>
      HttpResponse.json({ source: 'headings', scanned: false, days: DAYS, pageCount: 60 }),
    ),
    http.get('/api/editions/:id/days/:day', ({ params }) =>
      params.day === '28'
        ? HttpResponse.json({
            day: 28,
            firstPage: 55,
            lastPage: 56,
            pages: [
              { page: 55, text: 'Saturday 28 November\nForgiveness\n\nRead Matthew 6:14.\nFor if you forgive,' },
              { page: 56, text: 'Pray for a friend.' },
            ],
          })
        : HttpResponse.json({ message: 'This day is not in the edition’s map of days.' }, { status: 404 }),
    ),
  );
  startSession(session('token'));
});
afterEach(() => endSession('signed-out'));

const open = (day: number) =>
  renderWithApp(<DayTextPage />, { route: `/user/read/e1/day/${day}`, path: '/user/read/:id/day/:day' });

describe('DayTextPage', () => {
  it('shows the day as a heading and paragraphs, its lines kept, with the days around and the day in the PDF', async () => {
    open(28);
    expect(await screen.findByRole('heading', { level: 2, name: 'Saturday 28 November' })).toBeDefined();
    const verse = screen.getByText(/^Read Matthew 6:14\./).closest('p');
    expect(verse?.innerHTML).toContain('<br>');
    expect(screen.getByText('Pray for a friend.').tagName).toBe('SPAN');
    expect(screen.getByRole('link', { name: 'Previous day' }).getAttribute('href')).toBe('/user/read/e1/day/27');
    expect(screen.getByRole('link', { name: 'Next day' }).getAttribute('href')).toBe('/user/read/e1/day/29');
    expect(screen.getByRole('link', { name: 'In the PDF' }).getAttribute('href')).toBe('/user/read/e1?page=55');
  });

  it('makes the text larger and smaller, remembered on the device', async () => {
    const { user } = open(28);
    await screen.findByRole('heading', { level: 2 });
    const article = screen.getByRole('article');
    const before = article.style.fontSize;
    await user.click(screen.getByRole('button', { name: 'Larger text' }));
    expect(article.style.fontSize).not.toBe(before);
    expect(textSizeChosen()).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Smaller text' }));
    expect(article.style.fontSize).toBe(before);
  });

  it('says so when the day is not in the edition’s map', async () => {
    open(30);
    expect(await screen.findByText('This day is not in the edition’s map of days.')).toBeDefined();
  });
});
