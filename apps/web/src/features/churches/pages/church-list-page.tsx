import { ComingSoon } from '../../../components/coming-soon.tsx';

export function ChurchListPage() {
  return (
    <ComingSoon title="Church List">
      The churches in a searchable, sortable table with their country and allocation, and dialogs to add, edit and
      delete them.
    </ComingSoon>
  );
}
