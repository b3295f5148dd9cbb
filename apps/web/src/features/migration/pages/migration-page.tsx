import { ComingSoon } from '../../../components/coming-soon.tsx';

export function MigrationPage() {
  return (
    <ComingSoon title="Migration">
      Import a legacy MongoDB export of accounts, churches, languages, files and downloads: first a dry run with counts
      and conflicts, then the import itself. Running it twice changes nothing.
    </ComingSoon>
  );
}
