import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MAX_RETRIES = 2;

const isRefusal = (error: Error) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change by asking again; a lost connection and server errors may.
      retry: (failureCount, error) => !isRefusal(error) && failureCount < MAX_RETRIES,
    },
  },
});

// TanStack Query learns of a lost connection from the browser's events; a page opened offline fires none.
if (typeof window !== 'undefined') onlineManager.setOnline(navigator.onLine);
