import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { ToastProvider } from '../lib/toast.tsx';

/**
 * Renders a screen or component inside what the app gives it (a query cache of its own that does not retry,
 * PrimeReact, toasts, the session, a router at `route`, matched against `path` when given), with a user to drive it.
 */
export function renderWithApp(ui: ReactNode, { route = '/', path }: { route?: string; path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <PrimeReactProvider>
        <ToastProvider>
          <SessionProvider restoring={null}>
            <MemoryRouter initialEntries={[route]}>
              {path ? (
                <Routes>
                  <Route path={path} element={ui} />
                </Routes>
              ) : (
                ui
              )}
            </MemoryRouter>
          </SessionProvider>
        </ToastProvider>
      </PrimeReactProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
