import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { maskPassword } from './db/index.ts';

/** Bind addresses that this machine's browser reaches as localhost, the address the README gives. */
const LOCAL_HOSTS = new Set(['127.0.0.1', '0.0.0.0', '::1', '::']);

/** What a person starting the portal needs to know: where it is, where its data and mail go, how to sign in. */
export function startupBanner(config: Config, app: FastifyInstance): string {
  const url = `http://${LOCAL_HOSTS.has(config.host) ? 'localhost' : config.host}:${config.port}`;
  const lines = [
    '',
    `Teen Devotional Portal is running at ${url}`,
    `  API docs:  ${url}/api/docs`,
    `  Database:  ${app.database.kind === 'pglite' ? 'embedded PostgreSQL (PGlite) in' : 'PostgreSQL at'} ${app.database.location}`,
    `  Files:     ${
      config.storage.kind === 's3'
        ? `bucket ${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ''}`
        : path.join(config.dataDir, 'files')
    }`,
    `  Mail:      ${app.mail.destination}`,
  ];
  if (config.redisUrl) lines.push(`  Redis:     rate limits shared at ${maskPassword(config.redisUrl)}`);
  const admin = app.initialAdmin;
  const passwordFile = path.join(config.dataDir, 'initial-admin-password');
  if (admin?.generatedPassword) {
    lines.push(
      `  Sign in:   ${admin.email} / ${admin.generatedPassword}`,
      `             (shown once; also saved in ${passwordFile})`,
    );
  } else if (admin) {
    lines.push(`  Sign in:   ${admin.email} with the ADMIN_PASSWORD you set`);
  } else if (existsSync(passwordFile)) {
    lines.push(`  Sign in:   as admin@example.com with the password in ${passwordFile}`);
  } else {
    lines.push('  Sign in:   with your Super Admin account');
  }
  return `${lines.join('\n')}\n\n`;
}
