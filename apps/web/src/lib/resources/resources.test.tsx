import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../testing/server.ts';
import { account, session } from '../../testing/session.ts';
import { updateOwnLocale } from '../session/own-locale.ts';
import { endSession, getSession, startSession } from '../session/session-store.ts';
import { accountPageQuery, accountQuery, useDeleteAccount } from './accounts.ts';
import { languageRecords } from './languages.ts';
import { notificationChoiceQuery, useSaveNotificationChoice, useSetNotificationsPaused } from './notifications.ts';

/** A query cache holding `keys`, and a hook rendered with it. */
function withCache<T>(hook: () => T, keys: readonly (readonly unknown[])[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, 'cached');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { result: renderHook(hook, { wrapper }).result, queryClient, invalidated };
}

afterEach(() => endSession('signed-out'));

describe('accounts', () => {
  const page = { first: 0, rows: 5, sortField: 'email', sortOrder: 1 as const, search: '' };

  it('deletes one’s own account with the current password, forgetting it and reloading the user list', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.delete('/api/accounts/:id', async ({ request }) => {
        bodies.push(await request.text());
        return HttpResponse.json({ message: 'Deleted' });
      }),
    );
    const { result, queryClient, invalidated } = withCache(useDeleteAccount, [
      accountQuery('me').queryKey,
      accountPageQuery(page).queryKey,
    ]);
    await act(() => result.current.mutateAsync({ id: 'me', currentPassword: 'secret' }));
    await act(() => result.current.mutateAsync({ id: 'someone' }));
    expect(bodies).toEqual(['{"currentPassword":"secret"}', '']);
    expect(queryClient.getQueryData(accountQuery('me').queryKey)).toBeUndefined();
    expect(invalidated(accountPageQuery(page).queryKey)).toBe(true);
  });

  it('keeps the language chosen on the signed-in account', async () => {
    startSession(session('token'));
    server.use(
      http.put('/api/accounts/:id', async ({ request }) =>
        HttpResponse.json(account({ ...((await request.json()) as object) })),
      ),
    );
    await updateOwnLocale('account-1', 'fr');
    expect(getSession()).toMatchObject({ accessToken: 'token', user: { locale: 'fr' } });
  });
});

describe('notifications', () => {
  it('saves the member’s choice and the pause, reloading what they change', async () => {
    const saved: unknown[] = [];
    server.use(
      http.put('/api/notifications/:what', async ({ request, params }) => {
        saved.push([params.what, await request.json()]);
        return HttpResponse.json({ message: 'Saved' });
      }),
    );
    const choice = withCache(useSaveNotificationChoice, [notificationChoiceQuery.queryKey]);
    const choiceMade = { enabled: true, books: null, languages: ['English'] } as never;
    await act(() => choice.result.current.mutateAsync(choiceMade));
    expect(choice.invalidated(notificationChoiceQuery.queryKey)).toBe(true);
    const pause = withCache(useSetNotificationsPaused, [['notifications', 'settings']]);
    await act(() => pause.result.current.mutateAsync(true));
    expect(pause.invalidated(['notifications', 'settings'])).toBe(true);
    expect(saved).toEqual([
      ['choice', choiceMade],
      ['settings', { paused: true }],
    ]);
  });
});

describe('named records', () => {
  it('adds a record by its name and renames one, reloading the lists that show it', async () => {
    const calls: string[] = [];
    server.use(
      http.post('/api/languages', async ({ request }) => {
        calls.push(`create ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ id: 'l1', name: 'Twi' });
      }),
      http.put('/api/languages/:id', async ({ request, params }) => {
        calls.push(`rename ${params.id} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ id: params.id, name: 'Akan' });
      }),
    );
    const create = withCache(languageRecords.useCreate, [languageRecords.listQuery.queryKey]);
    await act(() => create.result.current.mutateAsync({ name: 'Twi' }));
    expect(create.invalidated(languageRecords.listQuery.queryKey)).toBe(true);
    const rename = withCache(languageRecords.useRename, [languageRecords.listQuery.queryKey, ['files']]);
    await act(() => rename.result.current.mutateAsync({ id: 'l1', name: 'Akan' }));
    expect(rename.invalidated(['files'])).toBe(true);
    expect(calls).toEqual(['create {"name":"Twi"}', 'rename l1 {"name":"Akan"}']);
  });
});
