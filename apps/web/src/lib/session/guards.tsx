import { can, type Permission, type Role } from '@portal/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath, SESSION_ENDED_STATE } from './redirect.ts';
import { useSession } from './session-provider.tsx';
import type { SessionEnd } from './session-store.ts';

export const ACCESS_DENIED_PATH = '/access';
export const SIGNED_OUT_PATH = '/en/dist';

/**
 * Whether the landing page sends this role on to the dashboard instead of showing the download panel: only
 * the Admin role (spec). A rule of that page, not a permission (decision 004).
 */
export const sentOnFromLanding = (role: Role) => role === 'Admin';

/** Where a page that needs a session sends someone without one: after signing out, the landing page; else sign in. */
export function SendToSignIn({ ended }: { ended: SessionEnd | null }) {
  const { pathname, search, hash } = useLocation();
  if (ended === 'signed-out') return <Navigate to={SIGNED_OUT_PATH} replace />;
  const state = ended === 'refused' ? SESSION_ENDED_STATE : null;
  return <Navigate to={loginPath(`${pathname}${search}${hash}`)} state={state} replace />;
}

/** Sends a visitor without a session to sign in, remembering the page they asked for. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, ended } = useSession();
  if (!user) return <SendToSignIn ended={ended} />;
  return children;
}

/** Route layout that lets through to its child routes only those with the permission; others go to Denied unless told. */
export function RequirePermission({ to, otherwise = ACCESS_DENIED_PATH }: { to: Permission; otherwise?: string }) {
  const { user } = useSession();
  if (!can(user?.role, to)) return <Navigate to={otherwise} replace />;
  return <Outlet />;
}
