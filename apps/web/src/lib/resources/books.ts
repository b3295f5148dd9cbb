import type { Book } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { filesQuery } from './files.ts';
import { namedRecords } from './named-records.ts';

/** The managed books (Teevo, Take5, ...), by name; never deleted, so that editions and statistics keep theirs. */
export const bookRecords = namedRecords<Book>({
  key: 'books',
  path: '/books',
  renameAlsoChanges: [filesQuery.queryKey],
});

/** Sets a book's cover from an image file (`file`), or removes it (`null`); the list then shows the new one. */
export function useChangeCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ book, file }: { book: Book; file: File | null }): Promise<unknown> => {
      const params = { id: book.id };
      if (!file) return api.delete('/books/:id/cover', { params });
      const form = new FormData();
      form.append('image', file);
      return api.put('/books/:id/cover', { params, body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookRecords.listQuery.queryKey }),
  });
}
