import type { Locale } from '@portal/contract';
import { useEffect } from 'react';
import { activeLocale, changeLocale } from '../i18n/i18n.ts';
import { useSession } from './session-provider.tsx';
import { getSession, updateSessionUser } from './session-store.ts';

/**
 * Keeps the language chosen on the signed-in account, for the next browser and for the mails. The accounts module
 * (and TanStack Query's mutations with it) loads only then: the landing page's picker goes without it.
 */
export async function updateOwnLocale(id: string, locale: Locale) {
  const { updateAccount } = await import('../resources/accounts.ts');
  const account = await updateAccount({ id, changes: { locale } });
  if (getSession().user?.id === account.id) updateSessionUser(account);
}

/** Someone who signs in sees the portal in the language they chose on their account, if they chose one. */
export function useLocaleOfAccount() {
  const { user } = useSession();
  const chosen = user?.locale;
  useEffect(() => {
    if (chosen && chosen !== activeLocale()) void changeLocale(chosen);
  }, [chosen]);
}
