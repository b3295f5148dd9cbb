import { Link } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { SettingsButton } from '../components/settings-panel/settings-button.tsx';
import { SIGNED_OUT_PATH } from '../lib/session/guards.tsx';
import { useSession } from '../lib/session/session-provider.tsx';
import { MainContent, SkipLink } from './main-content.tsx';
import './layout.css';

/** Pages for visitors: the landing page and the account screens. */
export function PublicLayout() {
  const { user } = useSession();
  return (
    <div className="public-layout">
      <SkipLink />
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
      <MainContent className="public-main" />
    </div>
  );
}
