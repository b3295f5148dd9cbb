import type { Language } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const getLanguages = (signal: AbortSignal) => api.get<Language[]>('/languages/getAll', { signal });

/** Every language, by name. */
export const useLanguages = () => useQuery({ queryKey: ['languages'], queryFn: ({ signal }) => getLanguages(signal) });
