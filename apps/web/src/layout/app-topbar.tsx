import { Button } from 'primereact/button';
import { BrandLogo } from '../components/brand-logo.tsx';
import { SettingsButton } from '../components/settings-panel/settings-button.tsx';
import type { SessionUser } from '../lib/session/session-store.ts';
import { UserMenu } from './user-menu.tsx';

interface AppTopbarProps {
  user: SessionUser;
  menuVisible: boolean;
  onMenuToggle: () => void;
}

export const MENU_BUTTON_ID = 'layout-menu-button';

export function AppTopbar({ user, menuVisible, onMenuToggle }: AppTopbarProps) {
  return (
    <header className="layout-topbar">
      <Button
        id={MENU_BUTTON_ID}
        type="button"
        icon="pi pi-bars"
        rounded
        text
        severity="secondary"
        aria-label="Main menu"
        aria-controls="layout-sidebar"
        aria-expanded={menuVisible}
        onClick={onMenuToggle}
      />
      <BrandLogo />
      <div className="layout-topbar-actions">
        <SettingsButton />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
