import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { SettingsButton } from '../components/settings-panel/settings-button.tsx';
import { SIGNED_OUT_PATH } from '../lib/session/guards.tsx';
import { useSession } from '../lib/session/session-provider.tsx';
import { AppFooter } from './app-footer.tsx';
import './layout.css';

/** Pages for visitors: the landing page and the account screens. */
export function PublicLayout() {
  const { user } = useSession();
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="public-header">
        <BrandLogo to={SIGNED_OUT_PATH} />
        <div className="flex align-items-center gap-2">
          {!user && (
            <>
              <Link to="/login" className="p-button p-component p-button-text">
                Login
              </Link>
              <Link to="/signup" className="p-button p-component">
                Sign Up
              </Link>
            </>
          )}
          <SettingsButton />
        </div>
      </header>
      <main id="main-content" className="public-main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
