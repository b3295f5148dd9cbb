import type { Role } from '@portal/contract';
import type { TFunction } from 'i18next';

/** Each role's name in the catalogue; the account keeps the English value. */
const ROLE_LABELS = {
  'Super Admin': 'users.roles.superAdmin',
  Admin: 'users.roles.admin',
  User: 'users.roles.user',
} as const satisfies Record<Role, string>;

/** A role as the reader's language names it. */
export const roleLabel = (role: Role, t: TFunction) => t(ROLE_LABELS[role]);
