import { can, DEFAULT_LOCALE, type Permission, type Role } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { localePath, type UiLocale } from '../i18n/i18n.ts';
import { loginPath, SESSION_ENDED_STATE } from './redirect.ts';
import { useSession } from './session-provider.tsx';
import type { SessionEnd } from './session-store.ts';

export const ACCESS_DENIED_PATH = '/access';
/** The landing page in a locale: /fr/dist; the spec's /en/dist in English. */
export const landingPath = (locale: UiLocale = DEFAULT_LOCALE) => localePath(locale, 'dist');

/** The landing page in the language the portal is in now. */
export function useLandingPath() {
  const { i18n } = useTranslation();
  return landingPath(i18n.language as UiLocale);
}

/**
 * Whether the landing page sends this role on to the dashboard instead of showing the download panel: only
 * the Admin role (spec). A rule of that page, not a permission (decision 004).
 */
export const sentOnFromLanding = (role: Role) => role === 'Admin';

/**
 * Where a page that needs a session sends someone without one: a visitor who only opened the site's address, or
 * who just signed out, to the landing page in their language; one on their way to another page (or whose session
 * the server ended) to sign in, coming back after.
 */
export function SendToSignIn({ ended }: { ended: SessionEnd | null }) {
  const { pathname, search, hash } = useLocation();
  const landing = useLandingPath();
  const justTheSite = pathname === '/' && !search && !hash;
  if (ended === 'signed-out' || (justTheSite && ended !== 'refused')) return <Navigate to={landing} replace />;
  const state = ended === 'refused' ? SESSION_ENDED_STATE : null;
  return <Navigate to={loginPath(`${pathname}${search}${hash}`)} state={state} replace />;
}

/** Sends a visitor without a session to sign in, remembering the page they asked for. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, ended } = useSession();
  if (!user) return <SendToSignIn ended={ended} />;
  return children;
}

/**
 * Route layout that lets through to its child routes only those with the permission; the others go to Denied,
 * or to the landing page when told.
 */
export function RequirePermission({ to, orLanding = false }: { to: Permission; orLanding?: boolean }) {
  const { user } = useSession();
  const landing = useLandingPath();
  if (!can(user?.role, to)) return <Navigate to={orLanding ? landing : ACCESS_DENIED_PATH} replace />;
  return <Outlet />;
}
