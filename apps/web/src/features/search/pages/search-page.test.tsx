import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endSession, startSession } from '../../../lib/session/session-store.ts';
import { edition } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { session } from '../../../testing/session.ts';
import { SearchPage } from './search-page.tsx';

let asked: string[] = [];

beforeEach(() => {
  asked = [];
  server.use(
    http.post('/api/accounts/refresh-token', () => HttpResponse.json(session('token'))),
    http.get('/api/editions/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      return HttpResponse.json(
        q === 'forgive'
          ? [
              {
                file: edition({ book_month: 'November', book_year: 2026 }),
                day: 28,
                page: 55,
                snippet: [
                  { text: 'We ', match: false },
                  { text: 'forgive', match: true },
                  { text: ' because', match: false },
                ],
              },
              { file: edition({ _id: 'e2' }), day: null, page: 3, snippet: [{ text: 'forgive', match: true }] },
            ]
          : [],
      );
    }),
  );
  startSession(session('token'));
});
afterEach(() => endSession('signed-out'));

describe('SearchPage', () => {
  it('searches as asked, marks the words found, and opens a page in the reader or its day as text', async () => {
    const { user } = renderWithApp(<SearchPage />, { route: '/user/search', path: '/user/search' });
    await user.type(await screen.findByLabelText('Words to find'), 'forgive{Enter}');
    expect(await screen.findByText('2 pages found')).toBeDefined();
    expect(asked).toEqual(['forgive']);
    expect(screen.getAllByText('forgive')[0]?.tagName).toBe('MARK');
    expect(screen.getByText('Saturday 28 November · page 55')).toBeDefined();
    expect(screen.getByText('Page 3')).toBeDefined();
    const read = screen.getByRole('link', { name: 'Read Teevo · November 2026 · English at page 55' });
    expect(read.getAttribute('href')).toBe('/user/read/e1?page=55');
    expect(
      screen.getByRole('link', { name: 'Read day 28 of Teevo · November 2026 · English as text' }).getAttribute('href'),
    ).toBe('/user/read/e1/day/28');
    // Without a day, no text view.
    expect(screen.getAllByRole('link', { name: /as text$/ })).toHaveLength(1);
  });

  it('says a search too short without asking, and when nothing is found', async () => {
    const { user } = renderWithApp(<SearchPage />, { route: '/user/search', path: '/user/search' });
    await user.type(await screen.findByLabelText('Words to find'), 'a{Enter}');
    expect(screen.getByText('Search for at least 2 characters.')).toBeDefined();
    expect(asked).toEqual([]);
    await user.clear(screen.getByLabelText('Words to find'));
    await user.type(screen.getByLabelText('Words to find'), 'msamaha{Enter}');
    expect(await screen.findByText('Nothing found for “msamaha” in the editions of your languages.')).toBeDefined();
  });
});
