import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettingsPanel } from '../components/settings-panel/settings-panel-provider.tsx';
import { useSignOutRemoves } from '../lib/editions/saved-on-device.ts';
import type { SessionUser } from '../lib/session/session-store.ts';
import { useSignOut } from '../lib/session/use-sign-out.ts';

/**
 * The signed-in person's menu, the same in the shell's top bar and on the pages for visitors (the landing
 * page, the account pages): the way to their dashboard and profile from wherever they are.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const { note: removes, read: readSaved } = useSignOutRemoves();
  const navigate = useNavigate();
  const settingsPanel = useSettingsPanel();
  const menu = useRef<Menu>(null);
  const [open, setOpen] = useState(false);

  const { t } = useTranslation();

  const name = user.fullName || t('common.profile');
  const email = user.email || t('menu.username');

  const items: MenuItem[] = [
    { label: t('common.dashboard'), icon: 'pi pi-home', command: () => navigate('/') },
    { label: t('common.profile'), icon: 'pi pi-user', command: () => navigate('/user/profile') },
    { label: t('common.settings'), icon: 'pi pi-cog', command: settingsPanel.open },
    { separator: true },
    {
      // Said before it happens: the editions saved on this device go with the session.
      label: removes ? `${t('common.signOut')}. ${removes}` : t('common.signOut'),
      icon: 'pi pi-sign-out',
      command: () => void signOut(),
      // The menu item (its <li>) takes the clicks and the keys, and its label above names it.
      template: removes
        ? () => (
            <div className="p-menuitem-content">
              <span className="p-menuitem-link">
                <span className="p-menuitem-icon pi pi-sign-out" />
                <span className="flex flex-column">
                  <span className="p-menuitem-text">{t('common.signOut')}</span>{' '}
                  <span className="text-sm text-muted">{removes}</span>
                </span>
              </span>
            </div>
          )
        : undefined,
    },
  ];

  return (
    <>
      <button
        type="button"
        className="layout-topbar-user p-link"
        aria-haspopup="menu"
        aria-controls="user-menu"
        aria-expanded={open}
        onClick={(event) => {
          void readSaved();
          menu.current?.toggle(event);
        }}
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
        ref={menu}
        model={items}
        popup
        popupAlignment="right"
        className="user-menu"
        onShow={() => setOpen(true)}
        onHide={() => setOpen(false)}
      />
    </>
  );
}
