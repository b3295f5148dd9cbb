import type { FileRecord } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const getFiles = (signal: AbortSignal) => api.get<FileRecord[]>('/file/getAll', { signal });

/** Every edition file, newest first: the file manager's table and the user dashboard's. */
export const useFiles = () => useQuery({ queryKey: ['files'], queryFn: ({ signal }) => getFiles(signal) });
