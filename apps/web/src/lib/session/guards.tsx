import type { Role } from '@portal/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath } from './redirect.ts';
import { useSession } from './session-provider.tsx';

export const ACCESS_DENIED_PATH = '/access';
export const SIGNED_OUT_PATH = '/en/dist';

/** Sends a visitor without a session to sign in, remembering the page they asked for. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, signedOut } = useSession();
  const { pathname, search, hash } = useLocation();
  if (!user) return <Navigate to={signedOut ? SIGNED_OUT_PATH : loginPath(`${pathname}${search}${hash}`)} replace />;
  return children;
}

/** Route layout that lets only the given roles through to its child routes; others go to Denied unless told. */
export function RequireRole({ allow, otherwise = ACCESS_DENIED_PATH }: { allow: readonly Role[]; otherwise?: string }) {
  const { user } = useSession();
  if (!user || !allow.includes(user.role)) return <Navigate to={otherwise} replace />;
  return <Outlet />;
}
