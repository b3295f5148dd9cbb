import { can, type Permission, type Role } from '@portal/contract';
import { SIGNED_OUT_PATH, sentOnFromLanding } from '../lib/session/guards.tsx';

export interface MenuLink {
  label: string;
  icon: string;
  to: string;
  /** The permission its page needs: without it the link is left out. */
  permission: Permission;
  /** Left out for a role this holds for, though it has the permission. */
  hiddenWhen?: (role: Role) => boolean;
}

export interface MenuGroup {
  label: string;
  items: MenuLink[];
}

const MENU: MenuGroup[] = [
  {
    label: 'Home',
    items: [
      { label: 'Dashboard', icon: 'pi-home', to: '/', permission: 'stats:read' },
      { label: 'Church List', icon: 'pi-building-columns', to: '/admin/church', permission: 'records:manage' },
      { label: 'Languages', icon: 'pi-language', to: '/admin/languages', permission: 'records:manage' },
      { label: 'Countries', icon: 'pi-flag', to: '/admin/upload', permission: 'records:manage' },
      { label: 'File List', icon: 'pi-file-pdf', to: '/admin/file-list', permission: 'files:manage' },
    ],
  },
  {
    label: 'Translations',
    items: [{ label: 'Download', icon: 'pi-download', to: '/user/download', permission: 'editions:download' }],
  },
  {
    label: 'Administration',
    items: [
      { label: 'Migration', icon: 'pi-database', to: '/admin/migrate', permission: 'migration:run' },
      { label: 'Users', icon: 'pi-users', to: '/admin/user-list', permission: 'accounts:manage' },
      { label: 'Books', icon: 'pi-book', to: '/admin/books', permission: 'records:manage' },
      // The download panel as members see it, for those who import the editions; the landing page sends an
      // Admin back to the dashboard (spec), so the link would go nowhere for them.
      {
        label: 'Loading',
        icon: 'pi-globe',
        to: SIGNED_OUT_PATH,
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
