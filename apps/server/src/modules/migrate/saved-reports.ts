import { MIGRATION_MESSAGES, type MigrationReport, migrationReportSchema } from '@portal/contract';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { migrationReports } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';

export async function saveReport(db: Database, report: MigrationReport, createdBy: string | undefined) {
  await db.insert(migrationReports).values({ dryRun: report.dryRun, report, createdBy });
}

/** The report of the latest import, dry or real; null before the first. */
export async function findLatestReport(db: Database): Promise<MigrationReport | null> {
  const [row] = await db
    .select({ report: migrationReports.report })
    .from(migrationReports)
    .orderBy(desc(migrationReports.createdAt))
    .limit(1);
  return row ? migrationReportSchema.parse(row.report) : null;
}

/** The report of the latest import, dry or real; NotFound before the first (the original API's answer). */
export async function latestReport(db: Database): Promise<MigrationReport> {
  const report = await findLatestReport(db);
  if (!report) throw new NotFound(MIGRATION_MESSAGES.noReport);
  return report;
}
