import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SettingsPanelProvider } from '../components/settings-panel/settings-panel-provider.tsx';
import { queryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { ToastProvider } from '../lib/toast.tsx';
import { PrimeSettings } from './prime-settings.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PrimeSettings>
        <ToastProvider>
          <SessionProvider>
            <SettingsPanelProvider>{children}</SettingsPanelProvider>
          </SessionProvider>
        </ToastProvider>
      </PrimeSettings>
    </QueryClientProvider>
  );
}
