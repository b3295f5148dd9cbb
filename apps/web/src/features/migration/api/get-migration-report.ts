import type { MigrationReport } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

/** The latest import's report, dry or real; null before the first one. */
export async function getMigrationReport(): Promise<MigrationReport | null> {
  try {
    return await api.get<MigrationReport>('/migrate/migrate-data');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const migrationReportQuery = queryOptions({ queryKey: ['migration', 'report'], queryFn: getMigrationReport });

export const useMigrationReport = () => useQuery(migrationReportQuery);
