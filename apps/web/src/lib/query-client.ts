import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MAX_RETRIES = 2;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change by asking again; network and server errors may.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < MAX_RETRIES,
    },
  },
});
