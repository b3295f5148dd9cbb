import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/index.ts';
import { seed } from '../db/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: Pick<DatabaseHandle, 'kind' | 'location' | 'check' | 'listen' | 'connection'>;
    /** Set when this start created the first Super Admin, so the banner can say how to sign in. */
    initialAdmin: { email: string; generatedPassword?: string } | undefined;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** A database opened by the caller (tests); otherwise one is opened from the configuration. */
  database?: DatabaseHandle;
}

/** Opens the database (migrations applied), seeds it, and closes it with the app. */
export default fp(
  async (app: FastifyInstance, { config, database }: DbPluginOptions) => {
    const handle =
      database ??
      (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, holder: 'the portal server' }));
    app.addHook('onClose', () => handle.close());
    const seeded = await seed(handle.db, { admin: config.admin, dataDir: config.dataDir });
    app.decorate('db', handle.db);
    app.decorate('database', {
      kind: handle.kind,
      location: handle.location,
      check: () => handle.check(),
      listen: handle.listen,
      connection: handle.connection,
    });
    app.decorate('initialAdmin', seeded.admin);
  },
  { name: 'db' },
);
