import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '../../../lib/session/session-store.ts';
import { edition } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { session } from '../../../testing/session.ts';
import { DaysDialog } from './days-dialog.tsx';

/** A scanned edition of 62 pages with day 1 set on page 3; the maps the dialog sent. */
function portal() {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/accounts/refresh-token', () => HttpResponse.json(session('token', { role: 'Admin' }))),
    http.get('/api/editions/:id/days', () =>
      HttpResponse.json({ source: 'admin', scanned: true, days: [{ day: 1, page: 3 }], pageCount: 62 }),
    ),
    http.put('/api/editions/:id/days', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return HttpResponse.json({ source: 'admin', scanned: true, days: [{ day: 1, page: 3 }], pageCount: 62 });
    }),
  );
  return sent;
}

beforeEach(() => startSession(session('token', { role: 'Admin' })));
afterEach(() => endSession('signed-out'));

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('DaysDialog', () => {
  it('says how the map was found and that a scan has no text, and sets every day from day 1’s page', async () => {
    const sent = portal();
    const { user } = renderWithApp(<DaysDialog file={edition()} daysInMonth={30} onHide={vi.fn()} />);
    expect(await screen.findByText('Days: 1 of 30 set by an admin · 62 pages')).toBeDefined();
    expect(screen.getByText(/^This PDF has no text/)).toBeDefined();
    expect(screen.getByText('Day 1: page 3')).toBeDefined();
    type('Page of day 1', '3');
    type('Pages per day', '2');
    await user.click(screen.getByRole('button', { name: 'Set every day' }));
    await waitFor(() => expect(sent).toEqual([{ firstPage: 3, pagesPerDay: 2 }]));
    expect(await screen.findByText('Days saved: 1 of 30.')).toBeDefined();
  });

  it('sets one day’s page beside the others, a page no further than the PDF’s last', async () => {
    const sent = portal();
    const { user } = renderWithApp(<DaysDialog file={edition()} daysInMonth={30} onHide={vi.fn()} />);
    await screen.findByText('Day 1: page 3');
    type('Day', '5');
    type('Page', '70');
    expect((screen.getByLabelText('Page') as HTMLInputElement).value).toBe('62');
    type('Page', '12');
    await user.click(screen.getByRole('button', { name: 'Set this day' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          days: [
            { day: 1, page: 3 },
            { day: 5, page: 12 },
          ],
        },
      ]),
    );
  });
});
