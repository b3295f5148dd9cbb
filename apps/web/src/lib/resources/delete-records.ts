import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api-client.ts';

/** What a bulk delete did: the rows that no longer exist, and those the server refused with its reason. */
export interface DeleteOutcome<Row> {
  deleted: Row[];
  refused: { row: Row; message: string }[];
}

/**
 * Deletes rows one at a time at `path` with the row's id and goes on after a refusal, so that one row in use does not
 * keep the others. A row someone else deleted meanwhile (404) counts as deleted. The list under `queryKey` reloads.
 */
export function useDeleteRecords<Row extends { id: string }>(
  queryKey: QueryKey,
  path: '/churches/:id' | '/languages/:id',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rows: Row[]) => {
      const outcome: DeleteOutcome<Row> = { deleted: [], refused: [] };
      for (const row of rows) {
        try {
          await api.delete(path, { params: { id: row.id } });
          outcome.deleted.push(row);
        } catch (failure) {
          if (failure instanceof ApiError && failure.status === 404) outcome.deleted.push(row);
          else outcome.refused.push({ row, message: (failure as Error).message });
        }
      }
      return outcome;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
