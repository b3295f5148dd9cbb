import { ADMIN_ROLES, ROLES, type Role } from '@portal/contract';

export interface MenuLink {
  label: string;
  icon: string;
  to: string;
  roles?: readonly Role[];
}

export interface MenuGroup {
  label: string;
  roles: readonly Role[];
  items: MenuLink[];
}

const MENU: MenuGroup[] = [
  {
    label: 'Home',
    roles: ADMIN_ROLES,
    items: [
      { label: 'Dashboard', icon: 'pi-home', to: '/' },
      { label: 'Church List', icon: 'pi-building-columns', to: '/admin/church' },
      { label: 'Languages', icon: 'pi-language', to: '/admin/languages' },
      { label: 'File List', icon: 'pi-file-pdf', to: '/admin/file-list' },
    ],
  },
  {
    label: 'Translations',
    roles: ROLES,
    items: [{ label: 'Download', icon: 'pi-download', to: '/user/download' }],
  },
  {
    label: 'Administration',
    roles: ADMIN_ROLES,
    items: [
      // The migration is a Super Admin tool (decisions.md); an Admin would only meet the Denied page.
      { label: 'Migration', icon: 'pi-database', to: '/admin/migrate', roles: ['Super Admin'] },
      { label: 'Users', icon: 'pi-users', to: '/admin/user-list' },
      // The landing page sends an Admin back to the dashboard (spec), so the link would go nowhere for them.
      { label: 'Loading', icon: 'pi-globe', to: '/en/dist', roles: ['Super Admin'] },
    ],
  },
];

/** The side menu as the given role sees it. */
export function menuFor(role: Role): MenuGroup[] {
  return MENU.filter((group) => group.roles.includes(role))
    .map((group) => ({ ...group, items: group.items.filter((item) => !item.roles || item.roles.includes(role)) }))
    .filter((group) => group.items.length > 0);
}
