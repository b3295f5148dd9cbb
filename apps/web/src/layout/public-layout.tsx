import { Link } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { SettingsButton } from '../components/settings-panel/settings-button.tsx';
import { useSession } from '../lib/session/session-provider.tsx';
import { MainContent, SkipLink } from './main-content.tsx';
import { UserMenu } from './user-menu.tsx';
import './layout.css';

/** Pages for visitors (the landing page, the account screens, Not Found): a signed-in person gets their menu here too. */
export function PublicLayout() {
  const { user } = useSession();
  return (
    <div className="public-layout">
      <SkipLink />
      <header className="public-header">
        <BrandLogo />
        <div className="flex align-items-center gap-2">
          {!user && (
            <>
              <Link to="/login" className="p-button p-component p-button-text">
                Sign In
              </Link>
              <Link to="/signup" className="p-button p-component">
                Sign Up
              </Link>
            </>
          )}
          <SettingsButton />
          {user && <UserMenu user={user} />}
        </div>
      </header>
      <MainContent className="public-main" />
    </div>
  );
}
