import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/server.ts';
import { urlOf } from '../api-client.ts';
import { useDeleteRecords } from './delete-records.ts';
import { serverPageSearch } from './server-page.ts';

describe('useDeleteRecords', () => {
  it('tries every row, counts one already gone as deleted, and keeps each refusal’s reason', async () => {
    const asked: string[] = [];
    server.use(
      http.delete('/api/churches/:id', ({ params }) => {
        asked.push(String(params.id));
        if (params.id === 'in-use')
          return HttpResponse.json({ message: 'The church still has members.' }, { status: 409 });
        if (params.id === 'gone') return HttpResponse.json({ message: 'Resource is not found.' }, { status: 404 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const queryClient = new QueryClient();
    queryClient.setQueryData(['churches'], ['old list']);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useDeleteRecords(['churches'], '/churches/:id'), {
      wrapper,
    });
    let outcome: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      outcome = await result.current.mutateAsync([{ id: 'in-use' }, { id: 'gone' }, { id: 'free' }]);
    });
    expect(asked).toEqual(['in-use', 'gone', 'free']);
    expect(outcome).toEqual({
      deleted: [{ id: 'gone' }, { id: 'free' }],
      refused: [{ row: { id: 'in-use' }, message: 'The church still has members.' }],
    });
    expect(queryClient.getQueryState(['churches'])?.isInvalidated).toBe(true);
  });
});

describe('serverPageSearch', () => {
  it('writes the page, its sort and search, and only the filters that are set', () => {
    const query = serverPageSearch(
      { first: 10, rows: 5, sortField: 'name', sortOrder: -1, search: 'grace' },
      { book: 'Teevo', language: null },
    );
    expect(urlOf('/editions', {}, query)).toBe(
      '/editions?first=10&rows=5&search=grace&sortField=name&sortOrder=-1&book=Teevo',
    );
  });
});
