import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubDeviceStorage } from '../../testing/cache-storage.ts';
import { edition } from '../../testing/editions.ts';
import { server } from '../../testing/server.ts';
import { session } from '../../testing/session.ts';
import { endSession, startSession } from '../session/session-store.ts';
import { lastPageOf, rememberPage } from './reading-memory.ts';
import {
  canSaveEditions,
  forgetDevice,
  isCurrentCopy,
  savedCopyOf,
  savedEditionsQuery,
  savedTotal,
  useSavedEditionChange,
} from './saved-editions.ts';

const PDF = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55]); // %PDF-1.7

let device: ReturnType<typeof stubDeviceStorage>;
let queryClient: QueryClient;
const downloads: (string | null)[] = [];

beforeEach(() => {
  device = stubDeviceStorage();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  downloads.length = 0;
  server.use(
    http.get('/api/files/:id/download', ({ request }) => {
      downloads.push(`${new URL(request.url).pathname} ${request.headers.get('Authorization')}`);
      return new HttpResponse(PDF, { headers: { 'Content-Type': 'application/pdf' } });
    }),
  );
  startSession(session('token', { id: 'ama' }));
});
afterEach(() => {
  device.remove();
  endSession('signed-out');
});

function savedEditions() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSavedEditionChange(), { wrapper }).result;
}

const listed = () => queryClient.fetchQuery({ ...savedEditionsQuery, staleTime: 0 });

describe('saved editions', () => {
  it('keeps the whole PDF, fetched with the member’s session, and lists it with what the dashboard shows', async () => {
    const change = savedEditions();
    await act(() => change.current.save.mutateAsync(edition({ _id: 'e/1' })));
    expect(downloads).toEqual(['/api/files/e%2F1/download Bearer token']);
    const copy = await savedCopyOf('e/1');
    if (!copy) throw new Error('not saved');
    expect(copy.edition).toMatchObject({ accountId: 'ama', file: { _id: 'e/1', book_name: 'Teevo' } });
    expect(new Uint8Array(await copy.pdf.arrayBuffer())).toEqual(PDF);
    expect((await listed()).map((saved) => saved.file._id)).toEqual(['e/1']);
    // Nothing of the page asks for it: it is kept under an address of its own.
    expect(await caches.match('/api/files/e%2F1/download')).toBeUndefined();
  });

  it('asks the browser to keep the saved editions when space runs low, unless it does already', async () => {
    const change = savedEditions();
    await act(() => change.current.save.mutateAsync(edition()));
    expect(device.persist.asked).toBe(1);
    device.persist.persisted = true;
    await act(() => change.current.save.mutateAsync(edition({ _id: 'e2' })));
    expect(device.persist.asked).toBe(1);
  });

  it('lists the last saved first, with their count and size', async () => {
    const change = savedEditions();
    await act(() => change.current.save.mutateAsync(edition({ _id: 'e1', file_size: 1024 * 1024 })));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await act(() => change.current.save.mutateAsync(edition({ _id: 'e2', file_size: 2 * 1024 * 1024 })));
    expect((await listed()).map((saved) => saved.file._id)).toEqual(['e2', 'e1']);
    await expect(savedTotal(queryClient)).resolves.toEqual({ count: 2, size: '3.0 MB' });
  });

  it('shows no account another’s copies, and removes them when it lists its own', async () => {
    const change = savedEditions();
    await act(() => change.current.save.mutateAsync(edition({ _id: 'theirs' })));
    startSession(session('token', { id: 'kofi' }));
    await expect(savedCopyOf('theirs')).resolves.toBeUndefined();
    await expect(listed()).resolves.toEqual([]);
    startSession(session('token', { id: 'ama' }));
    await expect(savedCopyOf('theirs')).resolves.toBeUndefined();
  });

  it('does not keep a copy when the member signed out while it downloaded', async () => {
    server.use(
      http.get('/api/files/:id/download', () => {
        endSession('signed-out');
        return new HttpResponse(PDF, { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const change = savedEditions();
    await act(() => change.current.save.mutateAsync(edition()));
    startSession(session('token', { id: 'ama' }));
    await expect(savedCopyOf('e1')).resolves.toBeUndefined();
  });

  it('removes one edition', async () => {
    const change = savedEditions();
    await act(() => change.current.save.mutateAsync(edition({ _id: 'e1' })));
    await act(() => change.current.save.mutateAsync(edition({ _id: 'e2' })));
    await act(() => change.current.remove.mutateAsync('e1'));
    expect((await listed()).map((saved) => saved.file._id)).toEqual(['e2']);
  });

  it('forgets everything of the member on this device at sign-out: the editions and the pages read', async () => {
    const change = savedEditions();
    await act(() => change.current.save.mutateAsync(edition()));
    rememberPage('e1', 9);
    await forgetDevice();
    expect(device.storage.caches.size).toBe(0);
    expect(lastPageOf('e1')).toBe(1);
  });

  it('tells a copy of the current file from one of a file since replaced', () => {
    const saved = { file: edition(), accountId: 'ama', savedAt: '2026-03-01T00:00:00.000Z' };
    expect(isCurrentCopy(saved, edition())).toBe(true);
    expect(isCurrentCopy(saved, edition({ created: '2026-03-02T00:00:00.000Z' }))).toBe(false);
  });

  it('saves nothing and lists nothing where the page has no Cache Storage (not a secure site)', async () => {
    device.remove();
    expect(canSaveEditions()).toBe(false);
    await expect(listed()).resolves.toEqual([]);
    await expect(savedCopyOf('e1')).resolves.toBeUndefined();
    await expect(forgetDevice()).resolves.toBeUndefined();
  });
});
