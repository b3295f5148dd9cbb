import { ComingSoon } from '../../../components/coming-soon.tsx';

export function LanguageListPage() {
  return (
    <ComingSoon title="Languages">
      The languages editions are published in, in a searchable table with dialogs to add, rename and delete them.
    </ComingSoon>
  );
}
