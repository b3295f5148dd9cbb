import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { migrationReportQuery } from './get-migration-report.ts';

export interface ImportInput {
  files: File[];
  dryRun: boolean;
}

export function importLegacyExport({ files, dryRun }: ImportInput) {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  for (const file of files) form.append('files', file, file.name);
  return api.post('/migrate/import', { body: form });
}

/** Runs an import (or its dry run); a real one may change every list, so all cached answers are refetched. */
export function useImportLegacyExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLegacyExport,
    onSuccess: async (report) => {
      queryClient.setQueryData(migrationReportQuery.queryKey, report);
      const [migrationArea] = migrationReportQuery.queryKey;
      if (!report.dryRun)
        await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== migrationArea });
    },
  });
}
