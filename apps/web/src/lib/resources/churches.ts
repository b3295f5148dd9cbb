import type { Church, churchInputSchema } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api-client.ts';
import { useDeleteRecords } from './delete-records.ts';

export type ChurchFields = z.output<typeof churchInputSchema>;

/** Every church, by country and name: the Church List, and the church choices of sign-up and the user editor. */
export const churchesQuery = queryOptions({
  queryKey: ['churches'],
  queryFn: ({ signal }) => api.get<Church[]>('/church/getAll', { signal }),
});

export const createChurch = (church: ChurchFields) => api.post<Church>('/church/create/', church);

export const updateChurch = ({ id, ...church }: ChurchFields & { id: string }) =>
  api.put<Church>(`/church/update/${encodeURIComponent(id)}`, church);

export function useCreateChurch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChurch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: churchesQuery.queryKey }),
  });
}

export function useUpdateChurch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChurch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: churchesQuery.queryKey }),
  });
}

/** Deletes the given churches; the server refuses one that accounts belong to, saying how many. */
export const useDeleteChurches = () =>
  useDeleteRecords<Church>(churchesQuery.queryKey, (church) => `/church/delete/${encodeURIComponent(church.id)}`);
