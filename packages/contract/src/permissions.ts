import { ADMIN_ROLES, ROLES, type Role } from './roles.ts';

/**
 * Who may do what: every action of the portal that not everyone signed in may do, and the roles that
 * may. The server's route guards, the web router's guards, the menu and the user editor all read this
 * table; a new screen or action is one row here.
 */
export const PERMISSIONS = {
  /** Find, list and download editions, and see one's own download counts. */
  'editions:download': ROLES,
  /** Upload and delete edition files; see which files the store has lost. */
  'files:manage': ADMIN_ROLES,
  /** Churches, languages, books, edition records and the country list. */
  'records:manage': ADMIN_ROLES,
  /** Other people's accounts: list, create, edit, delete. */
  'accounts:manage': ADMIN_ROLES,
  /** Create, edit or delete a Super Admin, or make someone one. */
  'accounts:manage-super-admins': ['Super Admin'],
  /** Change one's own e-mail address (Users ask an admin). */
  'accounts:change-own-email': ADMIN_ROLES,
  /** Download statistics of everyone. */
  'stats:read': ADMIN_ROLES,
  /** Import the legacy portal's data. */
  'migration:run': ['Super Admin'],
  /** Pause the new-edition mail, and send its failed mails again. */
  'notifications:manage': ['Super Admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role (none: a visitor) may do it. */
export const can = (role: Role | null | undefined, permission: Permission): boolean =>
  role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);

/** The roles an account of `role` may give someone. */
export const grantableRoles = (role: Role | null | undefined): Role[] =>
  ROLES.filter((each) => each !== 'Super Admin' || can(role, 'accounts:manage-super-admins'));
