export const ROLES = ['Super Admin', 'Admin', 'User'] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_ROLES: readonly Role[] = ['Super Admin', 'Admin'];
