import { can, type Permission, type Role } from '@portal/contract';
import { landingPath, sentOnFromLanding } from '../lib/session/guards.tsx';

/** A catalogue key of the menu's words. */
type MenuKey = `menu.${string}`;

export interface MenuLink {
  label: MenuKey;
  icon: string;
  to: string;
  /** The permission its page needs: without it the link is left out. */
  permission: Permission;
  /** Left out for a role this holds for, though it has the permission. */
  hiddenWhen?: (role: Role) => boolean;
}

export interface MenuGroup {
  /** Names the group's element ids, whatever the language. */
  id: string;
  label: MenuKey;
  items: MenuLink[];
}

const MENU: MenuGroup[] = [
  {
    id: 'home',
    label: 'menu.home',
    items: [
      { label: 'menu.dashboard', icon: 'pi-home', to: '/', permission: 'stats:read' },
      { label: 'menu.churchList', icon: 'pi-building-columns', to: '/admin/church', permission: 'records:manage' },
      { label: 'menu.languages', icon: 'pi-language', to: '/admin/languages', permission: 'records:manage' },
      { label: 'menu.countries', icon: 'pi-flag', to: '/admin/upload', permission: 'records:manage' },
      { label: 'menu.fileList', icon: 'pi-file-pdf', to: '/admin/file-list', permission: 'files:manage' },
    ],
  },
  {
    id: 'translations',
    label: 'menu.translations',
    items: [
      { label: 'menu.download', icon: 'pi-download', to: '/user/download', permission: 'editions:download' },
      { label: 'menu.search', icon: 'pi-search', to: '/user/search', permission: 'editions:download' },
    ],
  },
  {
    id: 'administration',
    label: 'menu.administration',
    items: [
      { label: 'menu.migration', icon: 'pi-database', to: '/admin/migrate', permission: 'migration:run' },
      { label: 'menu.users', icon: 'pi-users', to: '/admin/user-list', permission: 'accounts:manage' },
      { label: 'menu.books', icon: 'pi-book', to: '/admin/books', permission: 'records:manage' },
      // The download panel as members see it, for those who import the editions; the landing page sends an
      // Admin back to the dashboard (spec), so the link would go nowhere for them.
      {
        label: 'menu.loading',
        icon: 'pi-globe',
        // In the language the portal is in: app-menu.tsx gives the path the active locale.
        to: landingPath(),
        permission: 'files:manage',
        hiddenWhen: sentOnFromLanding,
      },
    ],
  },
];

const shows = (item: MenuLink, role: Role) => can(role, item.permission) && !item.hiddenWhen?.(role);

/** The side menu as the given role sees it: the links it may follow, in the groups that keep any. */
export function menuFor(role: Role): MenuGroup[] {
  return MENU.map((group) => ({ ...group, items: group.items.filter((item) => shows(item, role)) })).filter(
    (group) => group.items.length > 0,
  );
}
