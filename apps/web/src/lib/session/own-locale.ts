import type { Locale } from '@portal/contract';
import { useEffect } from 'react';
import { api } from '../api-client.ts';
import { activeLocale, changeLocale } from '../i18n/i18n.ts';
import { useSession } from './session-provider.tsx';
import { getSession, type SessionUser, updateSessionUser } from './session-store.ts';

/** Keeps the language chosen on the signed-in account, for the next browser and for the mails. */
export async function updateOwnLocale(id: string, locale: Locale) {
  const account = await api.put<SessionUser>(`/accounts/updateUser/${encodeURIComponent(id)}`, { locale });
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
