import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { SettingsButton } from '../components/settings-panel/settings-button.tsx';
import { useSettingsPanel } from '../components/settings-panel/settings-panel-provider.tsx';
import { useSession } from '../lib/session/session-provider.tsx';
import { useSignOut } from '../lib/session/use-sign-out.ts';

interface AppTopbarProps {
  menuVisible: boolean;
  onMenuToggle: () => void;
}

export const MENU_BUTTON_ID = 'layout-menu-button';

export function AppTopbar({ menuVisible, onMenuToggle }: AppTopbarProps) {
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const settingsPanel = useSettingsPanel();
  const userMenu = useRef<Menu>(null);
  const [userMenuOpen, setUserMenuOpen] = useState(false);

  const name = `${user?.lastName ?? ''} ${user?.firstName ?? ''}`.trim() || 'Profile';
  const email = user?.email || 'Username';

  const items: MenuItem[] = [
    { label: 'Profile', icon: 'pi pi-user', command: () => navigate('/user/profile') },
    { label: 'Settings', icon: 'pi pi-cog', command: settingsPanel.open },
    { separator: true },
    { label: 'Sign Out', icon: 'pi pi-sign-out', command: () => void signOut() },
  ];

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
      <BrandLogo to="/" />
      <div className="layout-topbar-actions">
        <SettingsButton />
        <button
          type="button"
          className="layout-topbar-user p-link"
          aria-haspopup="menu"
          aria-controls="user-menu"
          aria-expanded={userMenuOpen}
          onClick={(event) => userMenu.current?.toggle(event)}
        >
          <span className="layout-topbar-avatar" aria-hidden="true">
            <i className="pi pi-user" />
          </span>
          <span className="layout-topbar-user-text">
            <span className="font-semibold">{name}</span>
            <span className="text-sm text-muted">{email}</span>
          </span>
          <i className="pi pi-angle-down text-sm" aria-hidden="true" />
        </button>
        <Menu
          id="user-menu"
          ref={userMenu}
          model={items}
          popup
          popupAlignment="right"
          onShow={() => setUserMenuOpen(true)}
          onHide={() => setUserMenuOpen(false)}
        />
      </div>
    </header>
  );
}
