import { FILE_MESSAGES } from '@portal/contract';
import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { session } from '../../testing/session.ts';
import { translateMessage } from '../i18n/messages.ts';
import { endSession, startSession } from '../session/session-store.ts';
import { useDownloadEdition } from './download-edition.ts';

let download: ReturnType<typeof useDownloadEdition> | undefined;
function Downloader() {
  download = useDownloadEdition();
  return null;
}

/** Renders the hook once the session is ready, and hands back its download. */
async function downloader() {
  download = undefined;
  renderWithApp(<Downloader />);
  return vi.waitFor(() => {
    if (!download) throw new Error('not rendered yet');
    return download;
  });
}

beforeEach(() => {
  server.use(http.post('/api/accounts/refresh-token', () => HttpResponse.json(session('token'))));
  startSession(session('token'));
});
afterEach(() => endSession('signed-out'));

describe('useDownloadEdition', () => {
  it('hands the signed link to the browser’s download manager, under the edition’s name', async () => {
    server.use(
      http.get('/api/files/:id/download-link', () =>
        HttpResponse.json({ url: '/api/files/e1/download?token=abc', name: 'Teevo_English_2026_03.pdf' }),
      ),
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const start = await downloader();
    await act(() => start('e1'));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.getAttribute('href')).toBe('/api/files/e1/download?token=abc');
    expect(clicked[0]?.download).toBe('Teevo_English_2026_03.pdf');
    expect(clicked[0]?.isConnected).toBe(false);
  });

  it('says to try again later when the server answers 400, and the reason otherwise', async () => {
    server.use(
      http.get('/api/files/:id/download-link', ({ params }) =>
        params.id === 'bad'
          ? HttpResponse.json({ message: 'Bad request' }, { status: 400 })
          : HttpResponse.json({ message: 'The file store is down.' }, { status: 503 }),
      ),
    );
    const start = await downloader();
    await act(() => start('bad'));
    expect(await screen.findByText(translateMessage(FILE_MESSAGES.downloadFailed))).toBeTruthy();
    await act(() => start('down'));
    expect(await screen.findByText('The file store is down.')).toBeTruthy();
  });
});
