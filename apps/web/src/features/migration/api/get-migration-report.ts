import type { MigrationReport } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

export const migrationReportKey = ['migration', 'report'] as const;

/** The latest import's report, dry or real; null before the first one. */
export async function getMigrationReport(): Promise<MigrationReport | null> {
  try {
    return await api.get<MigrationReport>('/migrate/migrate-data');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useMigrationReport() {
  return useQuery({ queryKey: migrationReportKey, queryFn: getMigrationReport });
}
