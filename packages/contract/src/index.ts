export * from './accounts.ts';
export * from './files.ts';
export * from './known-messages.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './roles.ts';
export * from './stats.ts';
export * from './system.ts';
