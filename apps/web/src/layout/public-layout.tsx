import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { SettingsButton } from '../components/settings-panel/settings-button.tsx';
import { localePath, type UiLocale } from '../lib/i18n/i18n.ts';
import { useSession } from '../lib/session/session-provider.tsx';
import { LocalePicker } from './locale-picker.tsx';
import { MainContent, SkipLink } from './main-content.tsx';
import './layout.css';

// A visitor's pages draw no user menu: its code (PrimeReact's Menu) comes with a signed-in person's first page.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));

/** Pages for visitors (the landing page, the account screens, Not Found): a signed-in person gets their menu here too. */
export function PublicLayout() {
  const { user } = useSession();
  const { t, i18n } = useTranslation();
  const locale = i18n.language as UiLocale;
  return (
    <div className="public-layout">
      <SkipLink />
      <header className="public-header">
        <BrandLogo />
        <div className="flex flex-wrap align-items-center justify-content-end gap-2">
          {!user && (
            <>
              <Link to={localePath(locale, 'login')} className="p-button p-component p-button-text">
                {t('common.signIn')}
              </Link>
              <Link to={localePath(locale, 'signup')} className="p-button p-component">
                {t('common.signUp')}
              </Link>
            </>
          )}
          <LocalePicker />
          <SettingsButton />
          {user && (
            <Suspense fallback={null}>
              <UserMenu user={user} />
            </Suspense>
          )}
        </div>
      </header>
      <MainContent className="public-main" />
    </div>
  );
}
