import type { namedRecordSchema } from '@portal/contract';
import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api-client.ts';

/** A record that is just a name (a book, a language): the server's `named-records.ts` serves them alike. */
export type NamedRecord = z.infer<typeof namedRecordSchema>;

/** What a create or a rename sends: the name, and a language's ISO 639 code (null: none). */
export interface NamedInput {
  name: string;
  code?: string | null | undefined;
}

interface NamedRecordsOptions {
  /** The cache key of the list. */
  key: string;
  /** GET: every record, by name; POST `{ name }` (and what else the kind has); PUT `{ name }` at `path/:id`. */
  path: '/books' | '/languages';
  /** Other lists that show the name, reloaded after a rename (files show their book and language). */
  renameAlsoChanges: QueryKey[];
}

/**
 * List, create and rename of one kind of named record (`Record`: what the server's list holds of each, a book's
 * cover say); a module that owns one kind adds what else it has.
 */
export function namedRecords<Record extends NamedRecord = NamedRecord>({
  key,
  path,
  renameAlsoChanges,
}: NamedRecordsOptions) {
  const listQuery = queryOptions({
    queryKey: [key],
    queryFn: async ({ signal }) => {
      const records: NamedRecord[] = await api.get(path, { signal });
      return records as Record[];
    },
  });

  function useCreate() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (input: NamedInput) => api.post(path, { body: input }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: listQuery.queryKey }),
    });
  }

  function useRename() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, ...input }: NamedInput & { id: string }) =>
        api.put(`${path}/:id`, { params: { id }, body: input }),
      onSuccess: () =>
        Promise.all(
          [listQuery.queryKey, ...renameAlsoChanges].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        ),
    });
  }

  return { listQuery, useCreate, useRename };
}

export type NamedRecords<Record extends NamedRecord = NamedRecord> = ReturnType<typeof namedRecords<Record>>;
