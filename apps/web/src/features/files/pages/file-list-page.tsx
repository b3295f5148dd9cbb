import { ComingSoon } from '../../../components/coming-soon.tsx';

export function FileListPage() {
  return (
    <ComingSoon title="File Manager">
      The uploaded PDF editions in a searchable table (name, language, month, size, upload date) with download and
      delete, and an Import button that uploads one or many PDFs.
    </ComingSoon>
  );
}
