import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  latestMigrationReportSchema,
  MESSAGES,
  MIGRATION_MESSAGES,
  type MigrationProgress,
  migrationFieldsSchema,
  migrationProgressSchema,
  migrationReportSchema,
} from '@portal/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BadRequest, Conflict, Forbidden, Unauthorized } from '../../errors.ts';
import { clearListsAfterWrites } from '../../plugins/list-cache.ts';
import { listSuperAdmins } from '../accounts/account-view.ts';
import { security } from '../route-schemas.ts';
import { importLegacyExport } from './importer.ts';
import { findLatestReport, latestReport } from './saved-reports.ts';
import { receiveExport } from './upload.ts';

const tags = ['migration'];
const idle: MigrationProgress = { running: false, phase: null, done: 0, total: 0 };

export const migrateRoutes: FastifyPluginAsyncZod = async (app) => {
  const superAdmin = app.auth.require('migration:run');
  clearListsAfterWrites(app);
  const uploads = path.join(app.config.dataDir, 'migration-uploads');
  // Leftovers of imports interrupted by a crash.
  await rm(uploads, { recursive: true, force: true });
  let progress = idle;

  /**
   * The Super Admins as they were when the running import began. On the embedded database the import's
   * transaction holds the only connection until it ends, so app.auth's account look-up would wait for it;
   * but so does every write, so no account can change meanwhile and this list is the accounts as they are
   * now. Progress answers at once, and a second import is refused at once instead of after the first.
   */
  let superAdminsAtStart = new Map<string, number>();
  const superAdminNow: onRequestAsyncHookHandler = async function (request, reply) {
    if (!progress.running || app.database.kind === 'postgres') return superAdmin.call(this, request, reply);
    const claims = app.auth.claims(request);
    if (!claims) throw new Unauthorized(MESSAGES.signInRequired);
    const passwordChangedAt = superAdminsAtStart.get(claims.sub);
    if (passwordChangedAt === undefined) throw new Forbidden(MESSAGES.denied);
    if (passwordChangedAt > claims.iatMs) throw new Unauthorized(MESSAGES.signInRequired);
  };
  async function readSuperAdmins() {
    const rows = await listSuperAdmins(app.db);
    return new Map(rows.map((row) => [row.id, row.passwordChangedAt?.getTime() ?? 0]));
  }
  const refuseWhileRunning: onRequestAsyncHookHandler = async () => {
    if (progress.running) throw new Conflict(MIGRATION_MESSAGES.running);
  };

  app.post(
    '/import',
    {
      onRequest: [superAdminNow, refuseWhileRunning],
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary:
          'Import a legacy MongoDB export: the collections as .json files (mongoexport JSON Lines or --jsonArray) and/or one .zip of them with the PDFs; field `dryRun` true runs it all and rolls it back. One import at a time.',
        response: { 200: migrationReportSchema },
      },
    },
    async (request) => {
      // Checked again: another import may have started while the accounts were read.
      const superAdmins = await readSuperAdmins();
      if (progress.running) throw new Conflict(MIGRATION_MESSAGES.running);
      superAdminsAtStart = superAdmins;
      progress = { running: true, phase: 'uploading', done: 0, total: 0 };
      const folder = path.join(uploads, randomUUID());
      try {
        await mkdir(folder, { recursive: true });
        const fields = migrationFieldsSchema.safeParse(await receiveExport(request, folder));
        if (!fields.success) throw new BadRequest(fields.error.issues[0]?.message ?? MIGRATION_MESSAGES.dryRunInvalid);
        return await importLegacyExport(app.db, app.storage, {
          exportFolder: folder,
          pdfFolder: folder,
          dryRun: fields.data.dryRun,
          createdBy: app.auth.caller(request).id,
          onProgress: (phase, done, total) => {
            progress = { running: true, phase, done, total };
          },
        });
      } finally {
        progress = idle;
        await rm(folder, { recursive: true, force: true });
      }
    },
  );

  app.get(
    '/progress',
    {
      onRequest: superAdminNow,
      logLevel: 'warn',
      schema: {
        tags,
        security,
        summary: 'What the running import is doing, for a progress bar: its phase and records done of total',
        response: { 200: migrationProgressSchema },
      },
    },
    async () => progress,
  );

  app.get(
    '/report',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        security,
        summary: 'The report of the latest import, dry or real; 404 before the first',
        response: { 200: migrationReportSchema },
      },
    },
    async () => latestReport(app.db),
  );

  app.get(
    '/reports/latest',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        security,
        summary: 'The report of the latest import, dry or real, as `{ report }`: null before the first, not a 404',
        response: { 200: latestMigrationReportSchema },
      },
    },
    async () => ({ report: await findLatestReport(app.db) }),
  );
};
