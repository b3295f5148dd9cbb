import { Link } from 'react-router';
import { useLandingPath } from '../lib/session/guards.tsx';
import { useSession } from '../lib/session/session-provider.tsx';

/**
 * The portal's name, linking home: `/` (the dashboard) for someone signed in, as the spec has it; the landing
 * page for a visitor, whom `/` would only send to sign in.
 */
export function BrandLogo() {
  const { user } = useSession();
  const landing = useLandingPath();
  return (
    <Link to={user ? '/' : landing} className="brand-logo">
      <svg className="brand-logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" />
        <path d="M7.5 10.5c3-1 5.8-.6 8.5 1.2 2.7-1.8 5.5-2.2 8.5-1.2v12c-3-1-5.8-.6-8.5 1.2-2.7-1.8-5.5-2.2-8.5-1.2z" />
        <path d="M16 11.7v12" />
      </svg>
      <span className="brand-logo-text">
        Teen <span className="brand-logo-accent">Devotional</span>
      </span>
    </Link>
  );
}
