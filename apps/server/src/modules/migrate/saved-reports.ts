import { MIGRATION_MESSAGES, type MigrationReport, migrationReportSchema } from '@portal/contract';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { migrationReports } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';

export async function saveReport(db: Database, report: MigrationReport, createdBy: string | undefined) {
  await db.insert(migrationReports).values({ dryRun: report.dryRun, report, createdBy });
}

/** The report of the latest import, dry or real. */
export async function latestReport(db: Database): Promise<MigrationReport> {
  const [row] = await db
    .select({ report: migrationReports.report })
    .from(migrationReports)
    .orderBy(desc(migrationReports.createdAt))
    .limit(1);
  if (!row) throw new NotFound(MIGRATION_MESSAGES.noReport);
  return migrationReportSchema.parse(row.report);
}
