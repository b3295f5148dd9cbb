import type { Church, churchInputSchema } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type Control, type Path, useController, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../api-client.ts';
import { useDeleteRecords } from './delete-records.ts';

export type ChurchFields = z.output<typeof churchInputSchema>;

/** Every church, by country and name: the Church List, and the church choices of sign-up and the user editor. */
export const churchesQuery = queryOptions({
  queryKey: ['churches'],
  queryFn: ({ signal }) => api.get('/churches', { signal }),
});

export const createChurch = (church: ChurchFields) => api.post('/churches', { body: church });

export const updateChurch = ({ id, ...church }: ChurchFields & { id: string }) =>
  api.put('/churches/:id', { params: { id }, body: church });

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
export const useDeleteChurches = <Row extends Church = Church>() =>
  useDeleteRecords<Row>(churchesQuery.queryKey, '/churches/:id');

/**
 * A form's church and country: picking a church fills in the church's country (decision 041); the person may
 * still change it.
 */
export function useChurchFillsCountry<Form extends { church?: string | null; country?: string | null }>(
  control: Control<Form>,
) {
  const church = useWatch({ control, name: 'church' as Path<Form> }) as string | null | undefined;
  const country = useController({ control, name: 'country' as Path<Form> }).field.onChange;
  const churches = useQuery(churchesQuery).data;
  const filledFor = useRef(church);
  useEffect(() => {
    if (church === filledFor.current) return;
    const picked = churches?.find(({ id }) => id === church);
    if (!picked) return;
    filledFor.current = church;
    country(picked.country);
  }, [church, churches, country]);
}
