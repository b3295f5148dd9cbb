import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEdition } from '../../../lib/editions/pdf-source.ts';
import { endSession, startSession } from '../../../lib/session/session-store.ts';
import { edition } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { session } from '../../../testing/session.ts';
import { DaysDialog } from './days-dialog.tsx';

// The PDF is pdf.js's business (pdf-source.test.ts): here a document of 62 pages, each page drawn as its name.
vi.mock('../../../lib/editions/pdf-source.ts', () => ({ openEdition: vi.fn() }));
vi.mock('../../../components/pdf-page.tsx', () => ({
  PdfPage: ({ page, label }: { page: number; label: string }) => <p role="img" aria-label={label} data-page={page} />,
}));

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

beforeEach(() => {
  startSession(session('token', { role: 'Admin' }));
  vi.mocked(openEdition).mockResolvedValue({ pdf: { numPages: 62 } as never });
});
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

  it('shows the page each form names, once the PDF is open, and only a page the PDF has', async () => {
    portal();
    let opened = (_: { pdf: never }) => {};
    vi.mocked(openEdition).mockReturnValue(new Promise((resolve) => (opened = resolve)));
    const file = edition();
    renderWithApp(<DaysDialog file={file} daysInMonth={30} onHide={vi.fn()} />);
    await screen.findByText('Day 1: page 3');
    type('Page of day 1', '3');
    // The PDF still opening: no page yet, whatever the number.
    expect(screen.queryByRole('img')).toBeNull();
    // The edition's own record says whether a copy saved on this device is still the current one.
    const [id, current] = vi.mocked(openEdition).mock.calls[0] ?? [];
    expect(id).toBe(file._id);
    expect(await current?.()).toBe(file);
    opened({ pdf: { numPages: 62 } as never });
    expect(await screen.findByRole('img', { name: 'Page 3 of 62' })).toBeDefined();
    type('Page', '12');
    expect(await screen.findByRole('img', { name: 'Page 12 of 62' })).toBeDefined();
    type('Page of day 1', '7');
    expect(await screen.findByRole('img', { name: 'Page 7 of 62' })).toBeDefined();
    expect(screen.queryByRole('img', { name: 'Page 3 of 62' })).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it('says so when the PDF can’t be opened, and its days can still be set', async () => {
    const sent = portal();
    vi.mocked(openEdition).mockRejectedValue(new Error('No PDF here'));
    const { user } = renderWithApp(<DaysDialog file={edition()} daysInMonth={30} onHide={vi.fn()} />);
    expect(
      await screen.findByText('The pages can’t be shown here; the days can still be set by number.'),
    ).toBeDefined();
    type('Page of day 1', '3');
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set every day' }));
    await waitFor(() => expect(sent).toEqual([{ firstPage: 3, pagesPerDay: 1 }]));
  });
});
