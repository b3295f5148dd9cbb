import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoader } from '../components/page-loader.tsx';
import { SettingsPanelProvider } from '../components/settings-panel/settings-panel-provider.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useLocaleOfAccount } from '../lib/session/own-locale.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { ToastProvider } from '../lib/toast.tsx';
import { PrimeSettings } from './prime-settings.tsx';

/** The app's language follows the signed-in account's choice. */
function LocaleOfAccount({ children }: { children: ReactNode }) {
  useLocaleOfAccount();
  return children;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PrimeSettings>
        <ToastProvider>
          <SessionProvider restoring={<PageLoader />}>
            <LocaleOfAccount>
              <SettingsPanelProvider>{children}</SettingsPanelProvider>
            </LocaleOfAccount>
          </SessionProvider>
        </ToastProvider>
      </PrimeSettings>
    </QueryClientProvider>
  );
}
