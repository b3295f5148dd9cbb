import { monthName } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEdition } from '../../../lib/editions/pdf-source.ts';
import { lastPageOf, nightChosen, rememberPage } from '../../../lib/editions/reading-memory.ts';
import { formatDay } from '../../../lib/i18n/format.ts';
import { endSession, startSession } from '../../../lib/session/session-store.ts';
import { edition } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { session } from '../../../testing/session.ts';
import { ReaderPage } from './reader-page.tsx';

// The PDF is pdf.js's business (pdf-source.test.ts): here a document of 12 pages, each page drawn as its number.
vi.mock('../../../lib/editions/pdf-source.ts', () => ({ openEdition: vi.fn() }));
vi.mock('../../../components/pdf-page.tsx', () => ({
  PdfPage: ({ page, label }: { page: number; label: string }) => (
    <p data-testid="page" data-page={page} title={label} />
  ),
}));

const PAGES = 12;

beforeEach(() => {
  vi.mocked(openEdition).mockResolvedValue({ pdf: { numPages: PAGES } as never });
  // jsdom lays nothing out: the reader's width is 0, and nothing observes it.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  server.use(
    http.post('/api/accounts/refresh-token', () => HttpResponse.json(session('token'))),
    http.get('/api/files/:id', () => HttpResponse.json(edition())),
    // No day map, unless a test gives one.
    http.get('/api/editions/:id/days', () =>
      HttpResponse.json({ source: 'none', scanned: false, days: [], pageCount: PAGES }),
    ),
  );
  startSession(session('token'));
});
afterEach(() => endSession('signed-out'));

async function openReader() {
  const rendered = renderWithApp(<ReaderPage />, { route: '/user/read/e1', path: '/user/read/:id' });
  await screen.findByTestId('page');
  return rendered;
}

const shownPage = () => Number(screen.getByTestId('page').dataset.page);
const pageInput = () => screen.getByLabelText('Page') as HTMLInputElement;
const button = (name: string) => screen.getByLabelText(name, { selector: 'button' }) as HTMLButtonElement;
const zoom = () => screen.getByTitle(/^Fit to width/).getAttribute('title');

describe('ReaderPage', () => {
  it('opens on the page last read here, and remembers each page turned to', async () => {
    rememberPage('e1', 4);
    const { user } = await openReader();
    expect(shownPage()).toBe(4);
    expect(pageInput().value).toBe('4');
    await user.click(button('Next page'));
    expect(shownPage()).toBe(5);
    expect(lastPageOf('e1')).toBe(5);
    await user.click(button('Previous page'));
    expect(shownPage()).toBe(4);
  });

  it('opens at the page its address gives (today’s reading), whatever was read last; a bad one is ignored', async () => {
    rememberPage('e1', 4);
    renderWithApp(<ReaderPage />, { route: '/user/read/e1?page=9', path: '/user/read/:id' });
    await screen.findByTestId('page');
    expect(shownPage()).toBe(9);
    cleanup();
    renderWithApp(<ReaderPage />, { route: '/user/read/e1?page=nine', path: '/user/read/:id' });
    await screen.findByTestId('page');
    expect(shownPage()).toBe(4);
  });

  it('with the edition’s days mapped: the day a page belongs to, the previous and next day, and today', async () => {
    const now = new Date();
    const [month, year, today] = [now.getMonth() + 1, now.getFullYear(), now.getDate()];
    // This month's edition: day 1 on page 2, day 2 on page 3, and today (if later) on page 10.
    const todayPage = today <= 2 ? today + 1 : 10;
    const days = [{ day: 1, page: 2 }, { day: 2, page: 3 }, ...(today > 2 ? [{ day: today, page: 10 }] : [])];
    server.use(
      http.get('/api/files/:id', () => HttpResponse.json(edition({ book_month: monthName(month), book_year: year }))),
      http.get('/api/editions/:id/days', () =>
        HttpResponse.json({ source: 'admin', scanned: false, days, pageCount: PAGES }),
      ),
    );
    rememberPage('e1', 1);
    const { user } = await openReader();
    const group = await screen.findByRole('group', { name: 'Days' });
    // Before day 1's page: no day yet.
    expect(button('Previous day').disabled).toBe(true);
    await user.click(button('Next day'));
    expect(shownPage()).toBe(2);
    expect(group.textContent).toContain(formatDay(1, month, year));
    await user.click(button('Next day'));
    expect(shownPage()).toBe(3);
    expect(group.textContent).toContain(formatDay(2, month, year));
    await user.click(button('Previous day'));
    expect(shownPage()).toBe(2);
    expect(button('Previous day').disabled).toBe(true);

    await user.keyboard('{Home}');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(shownPage()).toBe(todayPage);
    expect(group.textContent).toContain(formatDay(today, month, year));
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
  });

  it('without a map, no day buttons', async () => {
    let asked = false;
    server.use(
      http.get('/api/editions/:id/days', () => {
        asked = true;
        return HttpResponse.json({ source: 'none', scanned: false, days: [], pageCount: PAGES });
      }),
    );
    await openReader();
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('group', { name: 'Days' })).toBeNull();
  });

  it('goes no further than the first and the last page', async () => {
    rememberPage('e1', PAGES);
    const { user } = await openReader();
    expect(button('Next page').disabled).toBe(true);
    await user.keyboard('{Home}');
    expect(shownPage()).toBe(1);
    expect(button('Previous page').disabled).toBe(true);
    await user.keyboard('{ArrowLeft}');
    expect(shownPage()).toBe(1);
  });

  it('opens a remembered page beyond the file’s end (a replaced edition) on its last', async () => {
    rememberPage('e1', 40);
    await openReader();
    await waitFor(() => expect(shownPage()).toBe(PAGES));
    expect(lastPageOf('e1')).toBe(PAGES);
  });

  it('turns pages with the arrow keys, Page Up and Down, Home and End', async () => {
    const { user } = await openReader();
    await user.keyboard('{ArrowRight}{ArrowRight}{PageDown}');
    expect(shownPage()).toBe(4);
    await user.keyboard('{PageUp}');
    expect(shownPage()).toBe(3);
    await user.keyboard('{End}');
    expect(shownPage()).toBe(PAGES);
  });

  it('jumps to the page number typed, within the file', async () => {
    const { user } = await openReader();
    await user.clear(pageInput());
    await user.type(pageInput(), '7{Enter}');
    expect(shownPage()).toBe(7);
    // Typing in the box turns no page by the arrow keys.
    await user.type(pageInput(), '{ArrowLeft}');
    expect(shownPage()).toBe(7);
    await user.clear(pageInput());
    await user.type(pageInput(), '99{Enter}');
    expect(shownPage()).toBe(PAGES);
    expect(pageInput().value).toBe(String(PAGES));
    await user.clear(pageInput());
    await user.type(pageInput(), 'abc{Enter}');
    expect(shownPage()).toBe(PAGES);
  });

  it('turns the page on a sideways swipe of a finger, not a mouse drag or a scroll', async () => {
    await openReader();
    const view = document.querySelector('.reader-view') as HTMLElement;
    const swipe = (pointerType: string, dx: number, dy = 0) => {
      fireEvent.pointerDown(view, { pointerType, clientX: 200, clientY: 200 });
      fireEvent.pointerUp(view, { pointerType, clientX: 200 + dx, clientY: 200 + dy });
    };
    swipe('touch', -100);
    await waitFor(() => expect(shownPage()).toBe(2));
    swipe('touch', 100);
    await waitFor(() => expect(shownPage()).toBe(1));
    swipe('mouse', -100);
    swipe('touch', -30);
    swipe('touch', -100, 80);
    expect(shownPage()).toBe(1);
  });

  it('zooms by quarters from half to four times the width, and back to fit', async () => {
    const { user } = await openReader();
    expect(zoom()).toBe('Fit to width: 100%');
    await user.click(button('Zoom in'));
    expect(zoom()).toBe('Fit to width: 125%');
    for (let i = 0; i < 10; i += 1) if (!button('Zoom in').disabled) await user.click(button('Zoom in'));
    expect(zoom()).toBe('Fit to width: 400%');
    expect(button('Zoom in').disabled).toBe(true);
    expect(document.querySelector('.reader-zoomed')).not.toBeNull();
    await user.click(button('Fit to width: 400%'));
    expect(zoom()).toBe('Fit to width: 100%');
    for (let i = 0; i < 10; i += 1) if (!button('Zoom out').disabled) await user.click(button('Zoom out'));
    expect(zoom()).toBe('Fit to width: 50%');
    expect(button('Zoom out').disabled).toBe(true);
  });

  it('switches night mode and remembers it', async () => {
    const { user } = await openReader();
    await user.click(button('Night mode'));
    expect(document.querySelector('.reader-night')).not.toBeNull();
    expect(nightChosen()).toBe(true);
    await user.click(button('Night mode'));
    expect(nightChosen()).toBe(false);
  });

  it('says why an edition could not be opened, and opens it again on Try again', async () => {
    vi.mocked(openEdition).mockRejectedValueOnce(new Error('Invalid PDF structure.'));
    const { user } = renderWithApp(<ReaderPage />, { route: '/user/read/e1', path: '/user/read/:id' });
    expect(await screen.findByText('The edition could not be opened: Invalid PDF structure.')).toBeTruthy();
    await user.click(button('Try again'));
    expect(await screen.findByTestId('page')).toBeTruthy();
    expect(openEdition).toHaveBeenCalledTimes(2);
  });
});
