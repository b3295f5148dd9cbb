import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../components/brand-logo.tsx';
import { SettingsButton } from '../components/settings-panel/settings-button.tsx';
import type { SessionUser } from '../lib/session/session-store.ts';
import { LocalePicker } from './locale-picker.tsx';
import { UserMenu } from './user-menu.tsx';

interface AppTopbarProps {
  user: SessionUser;
  menuVisible: boolean;
  onMenuToggle: () => void;
}

export const MENU_BUTTON_ID = 'layout-menu-button';

export function AppTopbar({ user, menuVisible, onMenuToggle }: AppTopbarProps) {
  const { t } = useTranslation();
  return (
    <header className="layout-topbar">
      <Button
        id={MENU_BUTTON_ID}
        type="button"
        icon="pi pi-bars"
        rounded
        text
        severity="secondary"
        aria-label={t('menu.main')}
        aria-controls="layout-sidebar"
        aria-expanded={menuVisible}
        onClick={onMenuToggle}
      />
      <BrandLogo />
      <div className="layout-topbar-actions">
        <LocalePicker />
        <SettingsButton />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
