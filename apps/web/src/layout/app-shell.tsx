import { classNames } from 'primereact/utils';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { useLayoutSettings } from '../lib/layout-settings/layout-settings.ts';
import { useSession } from '../lib/session/session-provider.tsx';
import { AppMenu } from './app-menu.tsx';
import { AppTopbar, MENU_BUTTON_ID } from './app-topbar.tsx';
import { MainContent, SkipLink } from './main-content.tsx';
import './layout.css';

/** Matches the breakpoint in layout.css under which the menu always overlays the page. */
const DESKTOP_QUERY = '(min-width: 992px)';

/** The signed-in area: top bar, side menu (static or overlay), page and footer. */
export function AppShell() {
  const { user } = useSession();
  const { menuMode } = useLayoutSettings();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [staticMenuHidden, setStaticMenuHidden] = useState(false);
  const [overlayMenuOpen, setOverlayMenuOpen] = useState(false);
  const sidebar = useRef<HTMLElement>(null);

  const isStatic = isDesktop && menuMode === 'static';
  const overlayActive = overlayMenuOpen && !isStatic;
  const menuVisible = isStatic ? !staticMenuHidden : overlayActive;

  const toggleMenu = () => {
    if (isStatic) setStaticMenuHidden((hidden) => !hidden);
    else setOverlayMenuOpen(!overlayActive);
  };
  const closeOverlayMenu = useCallback(() => setOverlayMenuOpen(false), []);

  useEffect(() => {
    if (!overlayActive) return;
    sidebar.current?.querySelector('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOverlayMenuOpen(false);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlayActive]);

  if (!user) return null;

  return (
    <div
      className={classNames('layout-wrapper', `layout-${menuMode}`, {
        'layout-static-inactive': staticMenuHidden,
        'layout-overlay-active': overlayActive,
      })}
    >
      <SkipLink />
      <AppTopbar user={user} menuVisible={menuVisible} onMenuToggle={toggleMenu} />
      <aside id="layout-sidebar" ref={sidebar} className="layout-sidebar">
        <AppMenu role={user.role} onNavigate={closeOverlayMenu} />
      </aside>
      <div className="layout-main-container">
        <MainContent className="layout-main" />
      </div>
      {overlayActive && <div className="layout-mask" aria-hidden="true" onClick={closeOverlayMenu} />}
    </div>
  );
}
