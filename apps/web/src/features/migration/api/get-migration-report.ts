import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The latest import's report, dry or real; null before the first one (an answer, not a failed request). */
export const getMigrationReport = async () => (await api.get('/migrate/reports/latest')).report;

export const migrationReportQuery = queryOptions({ queryKey: ['migration', 'report'], queryFn: getMigrationReport });

export const useMigrationReport = () => useQuery(migrationReportQuery);
